import "@/lib/zod-browser";
import { MAX_TIP_PAISE, TIP_TOO_HIGH } from "@/lib/bill/tips";
import { z } from "zod";
import { substitutionField } from "./substitution-rules";

// The order calls' input in the domain's words, shared by the server actions and the checkout page; the REST calls'
// bodies (list_items, rupees: app/api/_rest/orders.ts) are parsed at the edge and handed over as these. The client's
// lines and amounts are never trusted: they are only compared with the server's own cart and totals.

/** The quantity of a cart line, as a client sends it. */
export const lineQuantity = z.coerce
  .number()
  .int("quantity must be a whole number")
  .min(1, "quantity must be at least 1")
  .max(1000);

/** A cart line as the checkout shows it: the product and quantity, and the price and discount it shows, if any. */
export const orderLineSchema = z.object({
  productId: z.string().trim().min(1, "productId is required").max(64),
  quantity: lineQuantity,
  pricePaise: z.int().min(0).optional(),
  discount: z.number().finite().optional(),
});

/** An amount in paise. */
const paise = (label: string) => z.int({ error: `${label} must be a whole number of paise` }).min(0, `${label} cannot be negative`);

/** The max. cart lines of one order. */
export const MAX_ORDER_LINES = 200;

/** The address an order goes to. */
export const orderAddressId = z
  .string({ error: "Choose a delivery address" })
  .trim()
  .min(1, "Choose a delivery address")
  .max(64);

export const placeOrderSchema = z.object({
  lines: z.array(orderLineSchema, { error: "lines must be a list" }).max(MAX_ORDER_LINES, "Too many cart lines"),
  addressId: orderAddressId,
  /** items total after discounts (the undiscounted total is accepted too) */
  subtotalPaise: paise("subtotalPaise"),
  /** items total after product discounts, before fees (the contract's totalAmt) */
  totalPaise: paise("totalPaise"),
  /**
   * the bill's grand total the client showed (issue 18): when sent, the order is refused (409, naming the new
   * total) unless the server's bill comes to the same; without it the order is priced with the same fees and its
   * message states the amount to pay
   */
  grandTotalPaise: paise("grandTotalPaise").optional(),
  /** the shopper's tip for the delivery partner, on the bill and in the cash to collect (issue 18) */
  tipPaise: paise("tipPaise").max(MAX_TIP_PAISE, TIP_TOO_HIGH).optional(),
  /** what to do with a line the store is out of at packing, for lines without their own choice (issue 18) */
  substitution: substitutionField.optional(),
});

export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrderValues = z.output<typeof placeOrderSchema>;

/** An order number as typed or linked (KM-…), upper-cased. */
export const orderNumberField = z
  .string({ error: "orderId is required" })
  .trim()
  .min(1, "orderId is required")
  .max(40)
  .transform((v) => v.toUpperCase());

export const cancelOrderSchema = z.object({ orderId: orderNumberField });

export const ADMIN_TARGET_STATUSES = ["PACKED", "OUT_FOR_DELIVERY", "DELIVERED", "CANCELLED"] as const;
export type AdminTargetStatus = (typeof ADMIN_TARGET_STATUSES)[number];

/** What an admin must give to mark an order delivered by hand (the partner's door code was not used). */
export const DELIVERED_REASON_REQUIRED = "Give a reason for marking it delivered (the door code was not entered)";

export const orderStatusSchema = z.object({
  orderId: orderNumberField,
  status: z.enum(ADMIN_TARGET_STATUSES, {
    error: `status must be one of ${ADMIN_TARGET_STATUSES.join(", ")}`,
  }),
  /** why: required to mark an order delivered by hand (no door code), kept on the order's timeline */
  reason: z
    .string({ error: "reason must be text" })
    .trim()
    .max(300, "reason must be at most 300 characters")
    .optional()
    .transform((v) => v || undefined),
});

/** The board's "Delivered" dialog: the order and why it is marked delivered without the door code. */
export const deliveredByHandSchema = z.object({
  orderId: orderNumberField,
  reason: z
    .string({ error: DELIVERED_REASON_REQUIRED })
    .trim()
    .min(1, DELIVERED_REASON_REQUIRED)
    .max(300, "reason must be at most 300 characters"),
});
export type DeliveredByHandInput = z.input<typeof deliveredByHandSchema>;

/** An Idempotency-Key header value: 1–255 visible characters. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, "Idempotency-Key must not be empty")
  .max(255, "Idempotency-Key must be at most 255 characters")
  .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces");
