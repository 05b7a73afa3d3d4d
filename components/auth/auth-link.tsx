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
      <Link href={href} className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
        {children}
      </Link>
    </p>
  );
}
