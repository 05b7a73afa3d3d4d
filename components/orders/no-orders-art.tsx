/** The no-data picture of an empty order list: an empty grocery bag. */
export function NoOrdersArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 160" role="img" aria-label="No orders yet" className={className} data-testid="no-orders-image">
      <ellipse cx="100" cy="146" rx="64" ry="8" fill="#eef2ef" />
      <path d="M52 52h96l-8 88H60z" fill="#d8f5de" stroke="#0c831f" strokeWidth="4" strokeLinejoin="round" />
      <path d="M76 64V44a24 24 0 0 1 48 0v20" fill="none" stroke="#0c831f" strokeWidth="4" strokeLinecap="round" />
      <circle cx="76" cy="66" r="4" fill="#0c831f" />
      <circle cx="124" cy="66" r="4" fill="#0c831f" />
      <path d="M82 108c10-8 26-8 36 0" fill="none" stroke="#0b6b1c" strokeWidth="4" strokeLinecap="round" />
      <circle cx="86" cy="92" r="3.5" fill="#0b6b1c" />
      <circle cx="114" cy="92" r="3.5" fill="#0b6b1c" />
      <path d="M156 30l6-6M164 44h8M150 20v-8" stroke="#f8cb46" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
