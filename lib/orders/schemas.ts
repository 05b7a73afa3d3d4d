import "@/lib/zod-browser";
import { z } from "zod";

// Request bodies of the order calls (api-contract.md), shared by the REST handlers, the server actions and the
// checkout page. Amounts arrive in rupees and are only compared with the server's own.

/** A cart line as the client has it: productId is the populated product ({ _id, price?, discount? … }) or its id. */
export const listItemSchema = z.looseObject({
  _id: z.string().optional(),
  productId: z.union([
    z.string().trim().min(1, "productId is required"),
    z.looseObject({
      _id: z.string().trim().min(1, "productId._id is required"),
      price: z.number().finite().optional(),
      discount: z.number().finite().optional(),
    }),
  ]),
  quantity: z.coerce.number().int("quantity must be a whole number").min(1, "quantity must be at least 1").max(1000),
});

const amount = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`);

export const placeOrderSchema = z.object({
  list_items: z.array(listItemSchema, { error: "list_items must be a list" }).max(200, "Too many cart lines"),
  addressId: z.string({ error: "Choose a delivery address" }).trim().min(1, "Choose a delivery address").max(64),
  /** items total after discounts (what the original clients send); the undiscounted total is accepted too */
  subTotalAmt: amount("subTotalAmt"),
  /** what the shopper pays */
  totalAmt: amount("totalAmt"),
});

export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrderValues = z.output<typeof placeOrderSchema>;

const orderNumber = z
  .string({ error: "orderId is required" })
  .trim()
  .min(1, "orderId is required")
  .max(40)
  .transform((v) => v.toUpperCase());

export const cancelOrderSchema = z.object({ orderId: orderNumber });

export const ADMIN_TARGET_STATUSES = ["PACKED", "OUT_FOR_DELIVERY", "DELIVERED", "CANCELLED"] as const;
export type AdminTargetStatus = (typeof ADMIN_TARGET_STATUSES)[number];

export const orderStatusSchema = z.object({
  orderId: orderNumber,
  status: z.enum(ADMIN_TARGET_STATUSES, {
    error: `status must be one of ${ADMIN_TARGET_STATUSES.join(", ")}`,
  }),
});

/** An Idempotency-Key header value: 1–255 visible characters. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, "Idempotency-Key must not be empty")
  .max(255, "Idempotency-Key must be at most 255 characters")
  .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces");
