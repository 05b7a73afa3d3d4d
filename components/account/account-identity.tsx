import { ADMIN_TAG } from "./account-links";
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
  size?: "sm" | "md" | "lg" | "xl";
}) {
  const box = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-14 text-lg", xl: "size-24 text-3xl" }[
    size
  ];
  if (image) {
    return (
      <CatalogImage
        src={image}
        loading="auto"
        fit="cover"
        className={`${box} shrink-0 rounded-full bg-canvas ring-2 ring-white`}
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

/** The "who is signed in" header of the account menus: avatar, name with the (Admin) tag, e-mail. */
export function AccountIdentity({
  name,
  email,
  image,
  isAdmin,
}: {
  name: string;
  email?: string | null;
  image?: string | null;
  isAdmin: boolean;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3 px-3 py-2">
      <UserAvatar name={name} email={email} image={image} />
      <div className="min-w-0 leading-tight">
        <p className="flex flex-wrap items-baseline gap-x-1.5 font-semibold text-ink">
          <span className="truncate" data-testid="account-name">
            {name || email}
          </span>
          {isAdmin && (
            <span data-testid="admin-tag" className="text-sm font-bold text-red-600">
              {ADMIN_TAG}
            </span>
          )}
        </p>
        {email && <p className="truncate text-xs text-muted">{email}</p>}
      </div>
    </div>
  );
}
