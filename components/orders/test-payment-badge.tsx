// An order paid through the local test checkout: no money moved, so every screen that shows its payment says so
// (security finding #1: a test payment must never pass for a real one).
export function TestPaymentBadge({ detail = false }: { detail?: boolean }) {
  return (
    <span
      data-testid="test-payment-badge"
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-amber-950"
    >
      {detail ? "Test payment — no money was collected" : "Test payment"}
    </span>
  );
}
