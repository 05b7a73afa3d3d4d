// The shop's one icon set: small stroke icons on a 24 px grid in currentColor, so no icon library is needed.
// Every screen imports from here; add a new icon here rather than in a feature folder. Icons are decorative
// (aria-hidden): the control that holds one carries the name.
export type IconProps = { className?: string };

/** The 24 px stroke frame every icon shares. */
export function Svg({ className, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

/** An icon drawn from one path (most of them). */
const line = (d: string) =>
  function LineIcon(p: IconProps) {
    return (
      <Svg {...p}>
        <path d={d} />
      </Svg>
    );
  };

// Arrows and chevrons
export const ArrowLeftIcon = /* @__PURE__ */ line("M19 12H5M12 19l-7-7 7-7");
export const ChevronLeftIcon = /* @__PURE__ */ line("m15 6-6 6 6 6");
export const ChevronRightIcon = /* @__PURE__ */ line("m9 6 6 6-6 6");
export const ChevronDownIcon = /* @__PURE__ */ line("m6 9 6 6 6-6");
export const SortIcon = /* @__PURE__ */ line("M7 4v16M3 16l4 4 4-4M17 20V4M13 8l4-4 4 4");

// Actions
export const CheckIcon = /* @__PURE__ */ line("m5 12.5 4.5 4.5L19 7.5");
export const XIcon = /* @__PURE__ */ line("M6 6l12 12M18 6 6 18");
export const PlusIcon = /* @__PURE__ */ line("M12 5v14M5 12h14");
export const MinusIcon = /* @__PURE__ */ line("M5 12h14");
export const PencilIcon = /* @__PURE__ */ line("M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z");
export const TrashIcon = /* @__PURE__ */ line("M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3");
export const UploadIcon = /* @__PURE__ */ line("M12 16V4M7 9l5-5 5 5M4 20h16");

// Things
export const BoltIcon = /* @__PURE__ */ line("M13 2 4 14h7l-1 8 9-12h-7z");
export const BoxIcon = /* @__PURE__ */ line("M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8");
export const PhoneIcon = /* @__PURE__ */ line(
  "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
);

export function SearchIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Svg>
  );
}

export function CartIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6.2" />
      <circle cx="10" cy="20.5" r="1" />
      <circle cx="17" cy="20.5" r="1" />
    </Svg>
  );
}

export function UserIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Svg>
  );
}

export function ClockIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Svg>
  );
}

export function TagIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </Svg>
  );
}

export function BoxesIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M3 7.5 12 3l9 4.5-9 4.5z" />
      <path d="M3 7.5v9L12 21l9-4.5v-9" />
      <path d="M12 12v9" />
    </Svg>
  );
}

export function ScooterIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <circle cx="6" cy="17" r="2.5" />
      <circle cx="18" cy="17" r="2.5" />
      <path d="M8.5 17h7M14 6h2.5l2.5 8.5M16.5 6 13 14H8.5L6 10H3" />
    </Svg>
  );
}

export function PinIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </Svg>
  );
}

export function ImageIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </Svg>
  );
}

// Account
export function LogOutIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5M21 12H9" />
    </Svg>
  );
}

export function EyeIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </Svg>
  );
}

export function EyeOffIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" />
    </Svg>
  );
}

export function MailIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Svg>
  );
}

export function LockIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Svg>
  );
}

export function AlertIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4M12 17h.01" />
    </Svg>
  );
}

export function DevicesIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <rect x="2" y="4" width="14" height="11" rx="2" />
      <rect x="16" y="9" width="6" height="11" rx="1.5" />
      <path d="M6 19h6" />
    </Svg>
  );
}

/** A spinning ring (add `animate-spin`): a faint full circle and a bright quarter. */
export function SpinnerIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" className={className}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
