import Link from "next/link";
import { LogoMark } from "./logo-mark";

export function Logo() {
  return (
    // On a phone the mark alone: its row also holds the delivery line and the account (issue 21 item 1).
    <Link
      href="/"
      aria-label="Kwikmart home"
      className="flex h-11 min-w-11 shrink-0 items-center gap-2 rounded-lg"
    >
      <LogoMark className="size-10" />
      <span className="hidden text-2xl font-extrabold tracking-tight md:inline md:text-[1.7rem]">
        <span className="text-ink">kwik</span>
        <span className="text-brand-600">mart</span>
      </span>
    </Link>
  );
}
