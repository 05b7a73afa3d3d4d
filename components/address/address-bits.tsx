// Small parts of an address card, kept apart from the address dialog so that checkout can show them without
// loading the dialog (and its form schema) before it is opened.

export const KIND_NAMES = { home: "Home", work: "Work", other: "Other" } as const;

/** The Home / Work / Other label of a saved address. */
export function AddressKindBadge({ kind }: { kind: keyof typeof KIND_NAMES }) {
  return (
    <span className="mb-0.5 w-fit rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-700">
      {KIND_NAMES[kind]}
    </span>
  );
}

/**
 * An address saved before the pincode and mobile rules (needs_fix): what is wrong and "Fix this address", which opens
 * the edit dialog with the saved values and the problem shown. Nothing can be ordered to it until then.
 */
export function FixAddress({
  problem,
  onFix,
}: {
  problem: string;
  onFix: (e: React.MouseEvent<HTMLElement>) => void;
}) {
  return (
    <div
      data-testid="address-needs-fix"
      className="mt-2 flex flex-col items-start gap-2 rounded-xl bg-accent-100 p-2.5"
    >
      <p className="text-sm font-medium text-accent-800">
        This address needs fixing before you can order to it: {problem}
      </p>
      <button
        type="button"
        onClick={onFix}
        className="inline-flex h-11 items-center rounded-xl bg-white px-4 text-sm font-bold text-brand-700 shadow-sm ring-1 ring-brand-600 transition-colors hover:bg-brand-600 hover:text-white"
      >
        Fix this address
      </button>
    </div>
  );
}
