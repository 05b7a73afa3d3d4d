import Link from "next/link";
import { CheckIcon, XIcon } from "@/components/ui/icons";

/** The /success and /cancel message: an icon, the spec's heading and a Go To Home link. */
export function OutcomeCard({ tone, title }: { tone: "success" | "cancel"; title: string }) {
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
      <Link
        href="/"
        className="mt-8 inline-flex h-11 items-center rounded-xl bg-brand-600 px-6 text-sm font-bold text-white transition-colors hover:bg-brand-700"
      >
        Go To Home
      </Link>
    </div>
  );
}
