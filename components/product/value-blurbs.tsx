import { BoltIcon, BoxesIcon, TagIcon } from "@/components/ui/icons";

// Spec §1 / decisions.md: the three marketing points, word for word.
const BLURBS = [
  {
    title: "Superfast delivery",
    text: "Get your order delivered to your doorstep at the earliest from dark stores near you.",
    Icon: BoltIcon,
    tint: "bg-accent-100 text-accent-600",
  },
  {
    title: "Best prices and offers",
    text: "Best price destination with offers directly from the manufacturers.",
    Icon: TagIcon,
    tint: "bg-blue-50 text-blue-600",
  },
  {
    title: "A wide assortment of 5000+ products",
    text: "Food, personal care, household and other everyday needs, all in one place.",
    Icon: BoxesIcon,
    tint: "bg-brand-50 text-brand-600",
  },
] as const;

export function ValueBlurbs() {
  return (
    <section aria-labelledby="why-title" className="flex flex-col gap-4">
      <h2 id="why-title" className="text-base font-bold text-ink">
        Why shop from Kwikmart?
      </h2>
      <ul className="flex flex-col gap-4">
        {BLURBS.map(({ title, text, Icon, tint }) => (
          <li key={title} className="flex items-start gap-3">
            <span className={`flex size-12 shrink-0 items-center justify-center rounded-full ${tint}`}>
              <Icon className="size-6" />
            </span>
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-ink">{title}</span>
              <span className="text-xs leading-relaxed text-muted md:text-sm">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
