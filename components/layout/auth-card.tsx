/** The centred card of the account-access screens. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-2 text-sm text-muted">{lead}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
