import "@/lib/zod-browser";
import { MAX_TIP_PAISE, TIP_TOO_HIGH } from "@/lib/bill/tips";
import { z } from "zod";
import { orderNumberField } from "./schemas";

// A tip added from the order page after delivery (issue 18): the order and the amount the shopper chose, checked
// again on the server against the same cap as a tip at checkout. Shared by the order page and the server action.

export const TIP_TOO_LOW = "Choose a tip of at least ₹1";
export const TIP_WHOLE_RUPEES = "Choose a tip in whole rupees";

export const tipAfterDeliverySchema = z.object({
  orderId: orderNumberField,
  tipPaise: z
    .int({ error: TIP_WHOLE_RUPEES })
    .min(100, TIP_TOO_LOW)
    .max(MAX_TIP_PAISE, TIP_TOO_HIGH)
    .refine((paise) => paise % 100 === 0, TIP_WHOLE_RUPEES),
});

export type TipAfterDeliveryInput = z.input<typeof tipAfterDeliverySchema>;
