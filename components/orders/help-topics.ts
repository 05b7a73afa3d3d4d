// The Need Help dialog's canned questions and answers (spec §2 Orders page).

export type HelpTopic = { id: string; question: string; answer: string };

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: "not-received",
    question: "Didn't receive order",
    answer:
      "Sorry about that! First check the order's status here: if it says Out for delivery, your partner is on the way and will call you on arrival. If it says Delivered but nothing reached you, check with your neighbours or building security, then call the delivery partner from the order page. Still missing? Write to support@kwikmart.local with your order number and we will send a replacement or refund the order in full within 24 hours.",
  },
  {
    id: "late",
    question: "Order is late",
    answer:
      "We promise 10 minutes, and most orders arrive sooner. Traffic, rain or a rush of orders can add a few minutes. The order page shows your partner's name, phone and the expected arrival time; you can call them directly. If your order has been waiting for a partner, one is assigned as soon as someone is free. Until it is out for delivery you can also cancel it from the order page at no charge.",
  },
  {
    id: "wrong-item",
    question: "Wrong item delivered",
    answer:
      "We are sorry for the mix-up. Please keep the item unopened and write to support@kwikmart.local within 48 hours with your order number and a photo of what you received. We will pick it up at no cost and either deliver the right item or refund it to your original payment method (cash orders are refunded to your bank account or UPI).",
  },
  {
    id: "payment",
    question: "Payment issue",
    answer:
      "If money left your account but the order shows Awaiting payment, do not pay again: bank confirmations can take a few minutes and the order updates on its own. If the payment does not go through, the order is cancelled and any amount taken is refunded automatically, usually within 5–7 working days. For a cancelled card order the status shows Refunded once we have sent the refund.",
  },
  {
    id: "other",
    question: "Other queries",
    answer:
      "For anything else, e-mail support@kwikmart.local or call us at 1800-000-1010 (toll free, 7 am to 11 pm). Please keep your order number handy so that we can help you faster.",
  },
];
