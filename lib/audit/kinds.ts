// What the audit log records (issue 20, item 15): every kind of change by the people with power, with the label the
// dashboard's filter shows. No `server-only`: the dashboard's filter form lists these too.
//
// Adding an audited change later is one entry here and one line in the transaction that makes the change:
//   await recordAudit(tx, { actor: viewer, action: "fee.delivery", subject: { type: "setting", id: "deliveryFee",
//     label: "Delivery fee" }, before: { deliveryPaise: old }, after: { deliveryPaise: next } });
// Delivery fees, coupons and the store pause named by the issue do not exist yet; their issues add them that way
// (e.g. "fee.delivery", "coupon.create" / "coupon.update" / "coupon.delete", "store.pause").

export const AUDIT_ACTIONS = {
  "product.create": "Product added",
  "product.update": "Product details changed",
  "product.price": "Price changed",
  "product.stock": "Stock changed",
  "product.delete": "Product deleted",
  "category.create": "Category added",
  "category.update": "Category changed",
  "category.delete": "Category deleted",
  "subcategory.create": "Sub-category added",
  "subcategory.update": "Sub-category changed",
  "subcategory.delete": "Sub-category deleted",
  /** an admin moving an order along or cancelling it; DELIVERED is the manual completion of a delivery */
  "order.status": "Order status changed",
  /** issue 17: a placed or packed order given to another partner (its partner went silent) */
  "order.reassign": "Order reassigned",
  /** the Available / Busy switch; switching a new applicant on is how a partner is approved */
  "partner.availability": "Partner availability switched",
  /** issue 17: an applicant approved (account created or linked, invitation e-mailed); again: the invitation re-sent */
  "partner.approve": "Partner approved",
  /** issue 17: a partner deactivated (signed out everywhere, no sign-in, no dispatch) or reactivated */
  "partner.deactivate": "Partner deactivated",
  "partner.reactivate": "Partner reactivated",
  "user.role": "Role changed",
  /** issue 20 #4: a shopper's own e-mail change, asked for (with the password), confirmed, or undone from the old address */
  "user.email.request": "E-mail change requested",
  "user.email": "E-mail changed",
  "user.email.undo": "E-mail change undone",
  "store.create": "Store added",
  "store.update": "Store changed",
  /** pausing or resuming a dark store, with the reason */
  "store.pause": "Store paused or resumed",
  "store.delete": "Store deleted",
  /** issue 18: the bill's fees, shop-wide, a store's own, and a store's high-demand switch */
  "fee.shop": "Shop fees changed",
  "fee.store": "Store fees changed",
  "fee.highDemand": "High demand switched",
  /** issue 18: coupons made, changed (activated, deactivated, limits …) and deleted on the Coupons screen or REST */
  "coupon.create": "Coupon added",
  "coupon.update": "Coupon changed",
  "coupon.delete": "Coupon deleted",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_LIST = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

/** The label of an action, or the action itself for one this build does not know (written by a newer one). */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTIONS[action] : action;

export type AuditSubjectType = "product" | "category" | "subcategory" | "order" | "partner" | "user" | "store" | "setting" | "coupon";

/** The actor written for `npm run admin:promote` (scripts/admin-promote.ts), which has no signed-in user. */
export const ADMIN_PROMOTE_ACTOR = "script:admin:promote";
