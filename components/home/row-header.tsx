import Link from "next/link";

export type RowProps = { id: string; name: string; href: string };

/** A home row's heading and its See All link (server and client rows share it). */
export function RowHeader({ id, name, href }: RowProps) {
  return (
    <div className="mb-1 flex items-center justify-between gap-4 md:mb-2">
      <h2 id={`row-${id}`} className="text-lg font-bold tracking-tight text-ink md:text-2xl">
        {name}
      </h2>
      <Link
        href={href}
        aria-label={`See All ${name}`}
        className="-mr-2 inline-flex h-11 shrink-0 items-center rounded-md px-2 text-sm font-semibold text-brand-600 hover:text-brand-700 md:text-base"
      >
        See All
      </Link>
    </div>
  );
}
