import Link from "next/link";

/** An app's page for someone signed in with another kind of account (a shopper opening the partner app …). */
export function NotForAccount({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="flex flex-1 flex-col justify-center gap-4 p-6" data-testid={testId}>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Link
        href="/"
        className="flex min-h-12 items-center justify-center rounded-xl bg-slate-900 px-5 text-lg font-bold text-white"
      >
        Go to the shop
      </Link>
    </main>
  );
}
