// Tips for the delivery partner (issue 18): the shop's choices and cap, shared by the checkout's chips, the order
// schema and the REST translator. Pure (the browser imports it).

/** The checkout's one-tap tips: ₹10, ₹20, ₹30 (a custom amount is also accepted, up to the cap). */
export const TIP_CHOICES_PAISE = [1000, 2000, 3000] as const;

/** The largest tip one order takes (₹200): a mistyped extra zero should not cost the shopper ₹2,000. */
export const MAX_TIP_PAISE = 20_000;

/** What the shopper reads beside the tip, wherever it is offered or shown. */
export const TIP_NOTE = "100% goes to your delivery partner";

export const TIP_TOO_HIGH = "A tip can be at most ₹200";

/** The tip's line on every bill (the order e-mail, the receipt, the hosted card page). */
export const TIP_LABEL = "Tip for your delivery partner";
