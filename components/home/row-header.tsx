import Link from "next/link";

export type RowProps = { id: string; name: string; href: string };

/** A home row's heading and its See All link (server and client rows share it). */
export function RowHeader({ id, name, href }: RowProps) {
  return (
    <div className="mb-3 flex items-center justify-between gap-4">
      <h2 id={`row-${id}`} className="text-lg font-bold tracking-tight text-ink md:text-2xl">
        {name}
      </h2>
      <Link
        href={href}
        aria-label={`See All ${name}`}
        className="shrink-0 rounded-md text-sm font-semibold text-brand-600 hover:text-brand-700 md:text-base"
      >
        See All
      </Link>
    </div>
  );
}
