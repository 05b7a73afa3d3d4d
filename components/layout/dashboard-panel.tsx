/** Heading and intro of a dashboard page, inside the dashboard's white panel. */
export function DashboardPanel({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children?: React.ReactNode;
}) {
  return (
    <section>
      <h1 className="text-xl font-bold tracking-tight text-ink md:text-2xl">{title}</h1>
      <p className="mt-1 text-sm text-muted">{lead}</p>
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
