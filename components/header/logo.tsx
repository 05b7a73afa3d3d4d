import Link from "next/link";
import { LogoMark } from "./logo-mark";

export function Logo() {
  return (
    <Link href="/" aria-label="Kwikmart home" className="flex shrink-0 items-center gap-2 rounded-lg">
      <LogoMark className="size-9 md:size-10" />
      <span className="text-2xl font-extrabold tracking-tight md:text-[1.7rem]">
        <span className="text-ink">kwik</span>
        <span className="text-brand-600">mart</span>
      </span>
    </Link>
  );
}
