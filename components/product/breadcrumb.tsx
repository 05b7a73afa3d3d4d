import Link from "next/link";
import { ChevronRightIcon } from "@/components/ui/icons";

export function Breadcrumb({ items, current }: { items: { name: string; href: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-muted md:text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        {[{ name: "Home", href: "/" }, ...items].map((c) => (
          <li key={c.href} className="flex items-center gap-1">
            <Link href={c.href} className="rounded hover:text-brand-700 hover:underline">
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
