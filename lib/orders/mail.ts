import "server-only";
import { orderConfirmationMail, outForDeliveryMail, sendMailAfterResponse } from "@/lib/mail";
import { paymentSettings } from "@/lib/payments";

export type ConfirmationInput = {
  to: string;
  name: string;
  orderNumber: string;
  lines: { name: string; unit: string; quantity: number; unitPricePaise: number }[];
  totalPaise: number;
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
      totalPaise: input.totalPaise,
      paymentMethod: input.paymentMethod,
      testPayment: input.testPayment,
      etaMinutes: input.partner?.etaMinutes,
      partnerName: input.partner?.name,
      orderUrl: `${paymentSettings().appUrl}/dashboard/myorders/${encodeURIComponent(input.orderNumber)}`,
    }),
  );
}

export type OutForDeliveryInput = {
  to: string;
  name: string;
  orderNumber: string;
  code: string;
  partnerName?: string;
  /** what the partner collects at the door (cash on delivery), absent for a paid order */
  cashToCollectPaise?: number;
};

/** "Your order is on its way" with the door code, sent after the commit that sent the order out. */
export function sendOutForDelivery(input: OutForDeliveryInput): void {
  sendMailAfterResponse(
    outForDeliveryMail({
      ...input,
      orderUrl: `${paymentSettings().appUrl}/dashboard/myorders/${encodeURIComponent(input.orderNumber)}`,
    }),
  );
}
