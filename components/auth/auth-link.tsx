import Link from "next/link";

/** The line under an account form that leads to another one ("Already have an account? Login"). */
export function AuthLink({
  prompt,
  href,
  children,
}: {
  prompt?: React.ReactNode;
  href: string;
  children: string;
}) {
  return (
    <p className="text-center text-sm text-muted">
      {prompt && <>{prompt} </>}
      {/* a 44 px target without moving the line (issue 21 item 5) */}
      <Link
        href={href}
        className="-my-3 inline-flex min-h-11 min-w-11 items-center justify-center align-middle font-semibold text-brand-700 hover:text-brand-800 hover:underline"
      >
        {children}
      </Link>
    </p>
  );
}
