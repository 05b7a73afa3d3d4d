import { KIND_NAMES } from "@/components/address/address-bits";
import type { Address } from "@/lib/addresses/schema";

/**
 * The phone's pay bar names where the order goes (issue 21 item 7): "Delivering to Home – 12 MG Road · Change".
 * Change is a link to the address list above (the spec's "Choose your address"), where another one is picked.
 */
export function DeliveringTo({ address }: { address: Address }) {
  const place = `${address.house ? `${address.house}, ` : ""}${address.addressLine}`;
  return (
    <p className="flex items-center gap-1 text-sm text-ink md:hidden" data-testid="delivering-to">
      <span className="min-w-0 truncate">
        Delivering to <strong>{address.label ? `${KIND_NAMES[address.label]} – ` : ""}{place}</strong>
      </span>
      <span aria-hidden="true">·</span>
      <a href="#choose-address" className="inline-flex min-h-11 shrink-0 items-center px-1 font-bold text-brand-700">
        Change
      </a>
    </p>
  );
}
