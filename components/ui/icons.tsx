// The shop's one icon set: small stroke icons on a 24 px grid in currentColor, so no icon library is needed.
// Every screen imports from here; add a new icon here rather than in a feature folder. Icons are decorative
// (aria-hidden): the control that holds one carries the name. The frame's own few (and the drawing helpers) live in
// ./icons-frame.tsx, so that the shop's first load does not carry the whole set.
import { line, type IconProps } from "./icons-frame";

export {
  ArrowLeftIcon,
  CartIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  MinusIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
  type IconProps,
} from "./icons-frame";

// Arrows and chevrons
export const ChevronDownIcon = /* @__PURE__ */ line("m6 9 6 6 6-6");
export const SortIcon = /* @__PURE__ */ line("M7 4v16M3 16l4 4 4-4M17 20V4M13 8l4-4 4 4");

// Actions
export const CheckIcon = /* @__PURE__ */ line("m5 12.5 4.5 4.5L19 7.5");
export const XIcon = /* @__PURE__ */ line("M6 6l12 12M18 6 6 18");
export const PencilIcon = /* @__PURE__ */ line("M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z");
export const TrashIcon = /* @__PURE__ */ line("M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3");
export const UploadIcon = /* @__PURE__ */ line("M12 16V4M7 9l5-5 5 5M4 20h16");

// Things
export const BoltIcon = /* @__PURE__ */ line("M13 2 4 14h7l-1 8 9-12h-7z");
export const BoxIcon = /* @__PURE__ */ line("M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8");
export const PhoneIcon = /* @__PURE__ */ line(
  "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
);

// Icons that were several shapes, drawn as one path each (circles and rounded boxes as arcs).
export const ClockIcon = /* @__PURE__ */ line("M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M12 7v5l3 2");
export const TagIcon = /* @__PURE__ */ line(
  "M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM6 7.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0",
);
export const BoxesIcon = /* @__PURE__ */ line("M3 7.5 12 3l9 4.5-9 4.5zM3 7.5v9L12 21l9-4.5v-9M12 12v9");
export const ScooterIcon = /* @__PURE__ */ line(
  "M3.5 17a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M15.5 17a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M8.5 17h7M14 6h2.5l2.5 8.5M16.5 6 13 14H8.5L6 10H3",
);
export const PinIcon = /* @__PURE__ */ line(
  "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM9.5 9.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0",
);
export const ImageIcon = /* @__PURE__ */ line(
  "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM7 10a2 2 0 1 0 4 0a2 2 0 1 0-4 0M21 16l-5-5-9 9",
);

// Account
export const LogOutIcon = /* @__PURE__ */ line(
  "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9",
);
export const EyeIcon = /* @__PURE__ */ line(
  "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
);
export const EyeOffIcon = /* @__PURE__ */ line(
  "M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20",
);
export const MailIcon = /* @__PURE__ */ line(
  "M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 7l9 6 9-6",
);
export const LockIcon = /* @__PURE__ */ line(
  "M6 11h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2zM8 11V7a4 4 0 0 1 8 0v4",
);
export const AlertIcon = /* @__PURE__ */ line(
  "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01",
);
export const DevicesIcon = /* @__PURE__ */ line(
  "M4 4h10a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM17.5 9h3a1.5 1.5 0 0 1 1.5 1.5v8a1.5 1.5 0 0 1-1.5 1.5h-3a1.5 1.5 0 0 1-1.5-1.5v-8a1.5 1.5 0 0 1 1.5-1.5zM6 19h6",
);

/** A spinning ring (add `animate-spin`): a faint full circle and a bright quarter. */
export function SpinnerIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" className={className}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
