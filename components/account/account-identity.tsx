import { ADMIN_TAG } from "./account-links";
import { UserAvatar } from "./user-avatar";

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
