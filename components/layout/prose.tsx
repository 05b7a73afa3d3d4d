/** Readable long-form text for the about, privacy and terms pages. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex max-w-3xl flex-col gap-4 leading-relaxed text-ink/90 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-bold [&_h2]:text-ink [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
      {children}
    </div>
  );
}
