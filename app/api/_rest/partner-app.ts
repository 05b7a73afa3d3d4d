import { formatPaise, toRupees } from "@/lib/money";
import type { PartnerDelivery, PartnerHome, PartnerToday } from "@/lib/partners/app";

// The partner app's REST shapes (issue 17, `/api/partner/*`): rupees and `_id`, as the rest of the contract; made
// here and nowhere else. `orderId` is the order number, as in every order call.

export const toRestDelivery = (d: PartnerDelivery) => ({
  orderId: d.orderNumber,
  status: d.status,
  step: d.stage,
  stepLabel: d.stageLabel,
  nextStep: d.nextStep,
  store: { _id: d.store.id, name: d.store.name, address: d.store.address },
  itemsCount: d.itemCount,
  customerFirstName: d.customerFirstName,
  address: {
    address_line: d.address.line,
    house: d.address.house,
    landmark: d.address.landmark,
    city: d.address.city,
    pincode: d.address.pincode,
    mobile: d.address.mobile,
  },
  distanceKm: d.distanceKm,
  /** rupees to collect at the door; null when paid */
  amountToCollect: d.cashToCollectPaise === null ? null : toRupees(d.cashToCollectPaise),
  // issue 18: the shopper's tip, the partner's to keep (inside amountToCollect for cash on delivery)
  tip: toRupees(d.tipPaise),
  /** "Collect ₹249.00" or "Paid" */
  collect: d.cashToCollectPaise === null ? "Paid" : `Collect ${formatPaise(d.cashToCollectPaise)}`,
  codeTriesLeft: d.doorCodeTriesLeft,
  locked: d.locked,
  assignedAt: d.assignedAt,
  etaAt: d.etaAt,
});

export const toRestToday = (t: PartnerToday) => ({
  deliveriesDone: t.deliveriesDone,
  tips: toRupees(t.tipsPaise),
  cashInHand: toRupees(t.cashInHandPaise),
});

export const toRestPartnerHome = (h: PartnerHome) => ({
  name: h.partnerName,
  online: h.online,
  assignment: h.delivery ? toRestDelivery(h.delivery) : null,
  today: toRestToday(h.today),
});
