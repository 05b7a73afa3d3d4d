/**
 * The cart's cancellation policy line (issue 21 item 10), as lib/orders/lifecycle.ts has it: a shopper may cancel until
 * the order is out for delivery, and a cancelled card order is refunded. No hooks: the /cart page renders it on the
 * server and hands it to the cart's contents, so it costs that page no script; the drawer (loaded on demand) renders it
 * itself.
 */
export function CancellationPolicy() {
  return (
    <p data-testid="cart-cancellation-policy" className="mt-2 border-t border-line pt-3 text-xs text-muted">
      Cancellation policy: cancel free until your order is out for delivery; card payments are refunded in
      full.
    </p>
  );
}
