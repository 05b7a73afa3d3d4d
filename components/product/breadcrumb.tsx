import Link from "next/link";
import { ChevronRightIcon } from "@/components/ui/icons";

export function Breadcrumb({ items, current }: { items: { name: string; href: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-muted md:text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        {[{ name: "Home", href: "/" }, ...items].map((c) => (
          <li key={c.href} className="flex items-center gap-1">
            <Link
              href={c.href}
              className="rounded hover:text-brand-700 hover:underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center"
            >
              {c.name}
            </Link>
            <ChevronRightIcon className="size-3.5" />
          </li>
        ))}
        <li aria-current="page" className="line-clamp-1 font-medium text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
