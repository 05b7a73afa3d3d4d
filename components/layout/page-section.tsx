/** A page's heading and short intro line, used by the simple pages of the shell. */
export function PageSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 md:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{title}</h1>
      {lead && <p className="mt-2 max-w-2xl text-muted">{lead}</p>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
