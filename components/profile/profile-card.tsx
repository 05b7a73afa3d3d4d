/** One titled block of the profile page. */
export function ProfileCard({
  title,
  lead,
  tone = "default",
  icon,
  children,
  labelledBy,
}: {
  title: string;
  lead?: React.ReactNode;
  tone?: "default" | "danger";
  icon?: React.ReactNode;
  children: React.ReactNode;
  labelledBy: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-2xl border p-5 md:p-6 ${tone === "danger" ? "border-red-200 bg-red-50/40" : "border-line bg-white"}`}
    >
      <div className="flex items-start gap-3">
        {icon && (
          <span
            className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
              tone === "danger" ? "bg-red-100 text-red-700" : "bg-brand-50 text-brand-700"
            }`}
          >
            {icon}
          </span>
        )}
        <div className="min-w-0">
          <h2
            id={labelledBy}
            className={`text-lg font-bold ${tone === "danger" ? "text-red-700" : "text-ink"}`}
          >
            {title}
          </h2>
          {lead && <p className="mt-0.5 text-sm text-muted">{lead}</p>}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
