import Link from "next/link";
import { SearchIcon } from "@/components/ui/icons";

const SUGGESTIONS = [
  "milk",
  "bread",
  "paneer",
  "eggs",
  "atta",
  "rice",
  "curd",
  "chocolate",
  "chips",
  "tea",
  "banana",
  "soap",
];

export function SearchSuggestions({ title = "Popular searches" }: { title?: string }) {
  return (
    <section aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="text-sm font-bold tracking-wide text-muted uppercase">
        {title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {SUGGESTIONS.map((s) => (
          <li key={s}>
            <Link
              href={`/search?q=${encodeURIComponent(s)}`}
              className="inline-flex h-11 items-center gap-1.5 rounded-full border border-line bg-white px-3.5 text-sm font-medium text-ink capitalize transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-800"
            >
              <SearchIcon className="size-3.5 text-muted" />
              {s}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The empty `q` state and the no-results state share this frame. */
export function SearchMessage({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8 py-6 md:py-10">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <SearchIcon className="size-9" />
        </span>
        <h1 className="mt-5 text-xl font-bold tracking-tight text-ink md:text-2xl">{title}</h1>
        <p className="mt-1.5 max-w-md text-sm text-muted md:text-base">{text}</p>
      </div>
      {children}
    </div>
  );
}
