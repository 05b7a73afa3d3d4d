// Kept apart from account-identity.tsx: the header shows this avatar on every page, while the identity block and the
// menus' link lists load only with the account menu or the dashboard.
import { CatalogImage } from "@/components/ui/catalog-image";

/** Two letters for an avatar placeholder: first and last initials of the name, else of the e-mail. */
export function initials(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (email ?? "?").slice(0, 1).toUpperCase();
}

/** A round avatar: the uploaded image, or the initials on the brand tint. */
export function UserAvatar({
  name,
  email,
  image,
  size = "md",
}: {
  name?: string | null;
  email?: string | null;
  image?: string | null;
  size?: "sm" | "md" | "xl";
}) {
  const box = { sm: "size-8 text-xs", md: "size-10 text-sm", xl: "size-24 text-3xl" }[size];
  if (image) {
    return (
      <CatalogImage
        src={image}
        loading="eager"
        className={`${box} shrink-0 rounded-full bg-canvas object-cover ring-2 ring-white`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 ring-2 ring-white`}
    >
      {initials(name, email)}
    </span>
  );
}
