import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MailIcon } from "@/components/ui/icons";
import { getSessionViewer } from "@/lib/auth/viewer";
import { listOutbox } from "@/lib/mail/outbox";
import { redactSecrets } from "@/lib/mail/redact";
import { demoToolsAllowed } from "@/lib/ops/demo-mode";

export const metadata: Metadata = {
  title: "Mail outbox (development)",
  robots: { index: false, follow: false },
};
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Asia/Kolkata",
});

/**
 * The local mail outbox: every e-mail the shop "sent" while no RESEND_API_KEY is set (verification links, reset
 * codes), newest first. Open in development. A production build shows it only on a demo deployment
 * (lib/ops/demo-mode.ts: the embedded database at a loopback APP_URL, or ALLOW_TEST_PAYMENTS=1), only to admins,
 * and with codes and link tokens masked: an admin must not be able to take over an account by reading its mail.
 * Everyone else gets a 404.
 */
export default async function DevOutboxPage({ searchParams }: Props) {
  const development = process.env.NODE_ENV === "development";
  if (!development) {
    if (!demoToolsAllowed()) notFound();
    const viewer = await getSessionViewer();
    if (viewer?.role !== "ADMIN") notFound();
  }
  const shown = (text: string) => (development ? text : redactSecrets(text));
  const raw = (await searchParams).to;
  const to = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 254) || undefined;
  const mails = await listOutbox({ to, limit: 100 });

  return (
    <main id="main" className="flex-1 bg-canvas">
      <div className="mx-auto max-w-4xl px-4 py-8 md:py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-wide text-accent-600 uppercase">Development</p>
            <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Mail outbox</h1>
            <p className="mt-1 text-sm text-muted">
              E-mails the shop sent, newest first. Mail sent through Resend is listed without its body.
              {!development && " Codes and link tokens are hidden: only the recipient gets them."}
            </p>
          </div>
          <form className="flex gap-2" action="/dev/outbox">
            <label htmlFor="outbox-to" className="sr-only">
              Recipient
            </label>
            <input
              id="outbox-to"
              name="to"
              type="email"
              defaultValue={to}
              placeholder="Filter by recipient"
              className="h-10 w-56 rounded-xl border border-line bg-white px-3 text-sm outline-none focus:border-brand-500"
            />
            <button
              type="submit"
              className="h-10 rounded-xl bg-brand-600 px-4 text-sm font-bold text-white hover:bg-brand-700"
            >
              Filter
            </button>
            {to && (
              <Link
                href="/dev/outbox"
                className="flex h-10 items-center px-2 text-sm font-semibold text-brand-700"
              >
                Clear
              </Link>
            )}
          </form>
        </div>

        {mails.length === 0 ? (
          <div className="mt-8 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
            <MailIcon className="size-8 text-muted" />
            <p className="font-semibold text-ink">No mail yet</p>
            <p className="text-sm text-muted">
              Register or ask for a password reset code and it shows up here.
            </p>
          </div>
        ) : (
          <ol className="mt-8 flex flex-col gap-4">
            {mails.map((mail) => (
              <li
                key={mail.id}
                data-testid="outbox-mail"
                className="rounded-2xl border border-line bg-white p-5 shadow-sm"
              >
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <div className="min-w-0">
                    <h2 className="font-bold text-ink">{mail.subject}</h2>
                    <p className="text-sm text-muted">
                      To <span className="font-medium text-ink">{mail.to}</span>
                    </p>
                  </div>
                  <time dateTime={mail.createdAt.toISOString()} className="shrink-0 text-xs text-muted">
                    {timeFormat.format(mail.createdAt)}
                  </time>
                </div>
                {mail.error && (
                  <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                    Not delivered: {mail.error}
                  </p>
                )}
                {mail.provider === "resend" ? (
                  <p className="mt-3 inline-flex rounded-full bg-canvas px-3 py-1 text-xs font-semibold text-muted">
                    sent via Resend
                  </p>
                ) : (
                  mail.text && (
                    <pre className="mt-3 overflow-x-auto rounded-xl bg-canvas p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-ink">
                      {shown(mail.text)}
                    </pre>
                  )
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </main>
  );
}
