import { BoltIcon } from "@/components/ui/icons";

/** The quick-commerce promise next to the logo (large screens only; the hero carries it on phones). */
export function DeliveryPromise() {
  return (
    <div className="hidden shrink-0 flex-col border-l border-line pl-6 leading-tight xl:flex">
      <span className="flex items-center gap-1 text-base font-extrabold text-ink">
        <BoltIcon className="size-4 fill-accent-400 text-accent-500" />
        Delivery in 10 minutes
      </span>
      <span className="text-sm text-muted">Fresh groceries, at your door</span>
    </div>
  );
}
