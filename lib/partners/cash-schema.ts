// A settlement as the admin's form, the server action and `POST /api/delivery-partner/settle` send it (amount in
// rupees, as everywhere in the contract). No "server-only": the Cash screen's form imports it.
import "@/lib/zod-browser";
import { z } from "zod";
import { idField } from "@/lib/catalog/admin/schemas";

export const settleSchema = z.object({
  partnerId: idField("partnerId"),
  amount: z.coerce
    .number({ error: "amount must be a number of rupees" })
    .refine(Number.isFinite, "amount must be a number of rupees")
    .positive("Enter an amount above ₹0")
    .max(10_000_000, "amount is too large")
    .refine(
      (v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      "amount has at most two decimals",
    ),
});
export type SettleValues = z.output<typeof settleSchema>;
