/** The basket-with-a-lightning-bolt mark; the same drawing as public/icon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <rect width="48" height="48" rx="12" fill="#f8cb46" />
      <path d="M9 19h30l-3.2 17.2A4 4 0 0 1 31.9 39H16.1a4 4 0 0 1-3.9-2.8z" fill="#0c831f" />
      <path d="M16 19l5-9M32 19l-5-9" stroke="#0c831f" strokeWidth="3" strokeLinecap="round" />
      <path d="M26.5 22.5 19 30.5h5l-2 6.5 8-8.5h-5z" fill="#f8cb46" />
    </svg>
  );
}
