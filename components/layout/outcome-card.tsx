import Link from "next/link";
import { CheckIcon, XIcon } from "@/components/ui/icons";

/**
 * The /success and /cancel message: an icon, the spec's heading and a Go To Home link; `action` (e.g. "Track order")
 * comes first when there is one, and Go To Home then steps back to a secondary link.
 */
export function OutcomeCard({
  tone,
  title,
  action,
}: {
  tone: "success" | "cancel";
  title: string;
  action?: React.ReactNode;
}) {
  const Icon = tone === "success" ? CheckIcon : XIcon;

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center md:py-24">
      <span
        className={`flex size-20 items-center justify-center rounded-full ${
          tone === "success" ? "bg-brand-100 text-brand-700" : "bg-red-100 text-red-700"
        }`}
      >
        <Icon className="size-10" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      {action && <div className="mt-8">{action}</div>}
      <Link
        href="/"
        className={
          action
            ? "mt-4 inline-flex h-11 items-center rounded-xl px-6 text-sm font-bold text-brand-700 hover:bg-brand-50"
            : "mt-8 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 text-sm font-bold text-white transition-colors hover:bg-brand-700"
        }
      >
        Go To Home
      </Link>
    </div>
  );
}
