import "server-only";
import type { Bill } from "@/lib/bill";
import { toRupees } from "@/lib/money";

// The bill in the REST contract's words (issue 18): rupees, the fields every bill-carrying answer has
// (`GET /api/cart/get` beside `data`, the order answers in `data.bill`), and a short `explain` per non-zero fee.

export const toRestBill = (bill: Bill) => ({
  itemsMrp: toRupees(bill.itemsMrpPaise),
  productDiscount: toRupees(bill.productDiscountPaise),
  itemsTotal: toRupees(bill.itemsTotalPaise),
  deliveryFee: toRupees(bill.deliveryFeePaise),
  handlingFee: toRupees(bill.handlingFeePaise),
  smallCartFee: toRupees(bill.smallCartFeePaise),
  lateNightFee: toRupees(bill.lateNightFeePaise),
  highDemandFee: toRupees(bill.highDemandFeePaise),
  couponCode: bill.couponCode,
  couponDiscount: toRupees(bill.couponDiscountPaise),
  tip: toRupees(bill.tipPaise),
  grandTotal: toRupees(bill.grandTotalPaise),
  explain: { ...bill.explain },
});

export type RestBill = ReturnType<typeof toRestBill>;
