import "server-only";
import { orderConfirmationMail, outForDeliveryMail, sendMailAfterResponse } from "@/lib/mail";
import { paymentSettings } from "@/lib/payments";
import { FEE_KEYS, type Bill } from "@/lib/bill/compute";
import { FEE_LABEL } from "@/lib/bill/lines";
import { TIP_LABEL } from "@/lib/bill/tips";
import type { OrderMailBillLine } from "@/lib/mail/templates";

export type ConfirmationInput = {
  to: string;
  name: string;
  orderNumber: string;
  lines: { name: string; unit: string; quantity: number; unitPricePaise: number }[];
  /** the bill the order was placed with */
  bill: Bill;
  paymentMethod: "CASH_ON_DELIVERY" | "CARD";
  /** paid through the local test checkout: the mail says no money was collected */
  testPayment?: boolean;
  partner?: { name: string; etaMinutes: number } | null;
};

/** The order confirmation e-mail, sent after the commit (and after the response, inside a request). */
export function sendOrderConfirmation(input: ConfirmationInput): void {
  sendMailAfterResponse(
    orderConfirmationMail({
      to: input.to,
      name: input.name,
      orderNumber: input.orderNumber,
      items: input.lines.map((l) => ({
        name: l.name,
        unit: l.unit,
        quantity: l.quantity,
        lineTotalPaise: l.unitPricePaise * l.quantity,
      })),
      bill: mailBill(input.bill),
      totalPaise: input.bill.grandTotalPaise,
      paymentMethod: input.paymentMethod,
      testPayment: input.testPayment,
      etaMinutes: input.partner?.etaMinutes,
      partnerName: input.partner?.name,
      orderUrl: `${paymentSettings().appUrl}/dashboard/myorders/${encodeURIComponent(input.orderNumber)}`,
    }),
  );
}

/** The bill's lines under the items, as the order page shows them: items total, delivery (Free at ₹0), each fee. */
function mailBill(bill: Bill): OrderMailBillLine[] {
  const lines: OrderMailBillLine[] = [{ label: "Items total", amountPaise: bill.itemsTotalPaise }];
  for (const key of FEE_KEYS) {
    const amountPaise = bill[`${key}Paise`];
    if (key !== "deliveryFee" && amountPaise === 0) continue;
    lines.push({ label: FEE_LABEL[key], amountPaise, free: amountPaise === 0, note: bill.explain[key] });
  }
  if (bill.couponDiscountPaise > 0) {
    lines.push({ label: `Coupon${bill.couponCode ? ` (${bill.couponCode})` : ""}`, amountPaise: bill.couponDiscountPaise, minus: true });
  }
  if (bill.tipPaise > 0) lines.push({ label: TIP_LABEL, amountPaise: bill.tipPaise });
  return lines;
}

/** The "on its way" e-mail's facts (its link to the order page is added here); cashToCollectPaise: absent when paid. */
export type OutForDeliveryInput = Omit<Parameters<typeof outForDeliveryMail>[0], "orderUrl">;

/** "Your order is on its way" with the door code, sent after the commit that sent the order out. */
export function sendOutForDelivery(input: OutForDeliveryInput): void {
  sendMailAfterResponse(
    outForDeliveryMail({
      ...input,
      orderUrl: `${paymentSettings().appUrl}/dashboard/myorders/${encodeURIComponent(input.orderNumber)}`,
    }),
  );
}
