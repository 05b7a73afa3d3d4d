// The icons of the shop's frame and its product cards (header, cart button, phone cart bar, ADD stepper, card rows),
// and the frame every icon is drawn in. They are in a module of their own because the bundler keeps a module whole
// (every icon any page uses): the first load of the home and product pages carries these few, not the whole set
// (issue 19). Screens import every icon from ./icons.tsx, which re-exports these.
export type IconProps = { className?: string };

/** The 24 px stroke frame every icon shares. */
function Svg({ className, children }: IconProps & { children: React.ReactNode }) {
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

/** An icon drawn as one path (every icon but the spinner). */
export const line = (d: string) =>
  function LineIcon(p: IconProps) {
    return (
      <Svg {...p}>
        <path d={d} />
      </Svg>
    );
  };

export const ArrowLeftIcon = /* @__PURE__ */ line("M19 12H5M12 19l-7-7 7-7");
export const ChevronLeftIcon = /* @__PURE__ */ line("m15 6-6 6 6 6");
export const ChevronRightIcon = /* @__PURE__ */ line("m9 6 6 6-6 6");
export const PlusIcon = /* @__PURE__ */ line("M12 5v14M5 12h14");
export const MinusIcon = /* @__PURE__ */ line("M5 12h14");
export const SearchIcon = /* @__PURE__ */ line("M4 11a7 7 0 1 0 14 0a7 7 0 1 0-14 0M20 20l-3.5-3.5");
export const CartIcon = /* @__PURE__ */ line(
  "M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6.2M9 20.5a1 1 0 1 0 2 0a1 1 0 1 0-2 0M16 20.5a1 1 0 1 0 2 0a1 1 0 1 0-2 0",
);
export const UserIcon = /* @__PURE__ */ line("M8 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M4 21a8 8 0 0 1 16 0");
