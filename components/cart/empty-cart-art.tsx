/** The empty-cart illustration: a shopping trolley with a dashed outline of groceries, drawn inline. */
export function EmptyCartArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 160" role="img" aria-label="An empty shopping cart" className={className}>
      <ellipse cx="100" cy="146" rx="70" ry="8" fill="#eef2ee" />
      <circle cx="100" cy="72" r="62" fill="#effbf1" />
      <path
        d="M72 38h44l-6 22H76z"
        fill="none"
        stroke="#b3eabf"
        strokeWidth="3"
        strokeDasharray="6 5"
        strokeLinejoin="round"
      />
      <circle cx="88" cy="30" r="9" fill="none" stroke="#ffd646" strokeWidth="3" strokeDasharray="5 4" />
      <path
        d="M34 42h16l14 62a8 8 0 0 0 8 6h62a8 8 0 0 0 8-6l11-44H56"
        fill="none"
        stroke="#0c831f"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M62 78h82" stroke="#46bf6a" strokeWidth="4" strokeLinecap="round" />
      <circle cx="78" cy="128" r="9" fill="#0c831f" />
      <circle cx="128" cy="128" r="9" fill="#0c831f" />
      <circle cx="78" cy="128" r="3.5" fill="#fff" />
      <circle cx="128" cy="128" r="3.5" fill="#fff" />
    </svg>
  );
}
