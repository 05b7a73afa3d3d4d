export type NavLink = { href: string; label: string };

export const PROFILE_LINK: NavLink = { href: "/dashboard/profile", label: "Profile" };

/** Spec §2 Account menus: what a shopper (any non-admin user) gets, followed by Log Out. */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  PROFILE_LINK,
  { href: "/dashboard/myorders", label: "My Orders" },
  { href: "/dashboard/address", label: "Save Address" },
];

/** Admin-only entries (role ADMIN), shown under the "(Admin)" tag. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { href: "/dashboard/category", label: "Category" },
  { href: "/dashboard/subcategory", label: "Sub Category" },
  { href: "/dashboard/upload-product", label: "Upload Product" },
  { href: "/dashboard/product", label: "Product" },
  { href: "/dashboard/delivery-partners", label: "Delivery Partners" },
  { href: "/dashboard/orders", label: "Orders" },
  { href: "/dashboard/audit", label: "Audit Log" },
  { href: "/dashboard/stores", label: "Stores" },
  { href: "/dashboard/cash", label: "Cash" },
  { href: "/dashboard/fees", label: "Fees" },
  { href: "/dashboard/coupons", label: "Coupons" },
];

export const ADMIN_TAG = "(Admin)";

export type NavSection = { title: string; links: readonly NavLink[] };

/**
 * The menu sections for a viewer, shared by the header dropdown, the dashboard sidebar and /user, so all three
 * list the same entries. Shoppers: Profile, My Orders, Save Address. Admins: Profile and the admin entries
 * (issue 3). Every menu ends with a Log Out entry (<AccountNav> and the dropdown add it).
 */
export function accountSections({ isAdmin }: { isAdmin: boolean }): NavSection[] {
  if (isAdmin) {
    return [
      { title: "My Account", links: [PROFILE_LINK] },
      { title: "Admin", links: ADMIN_LINKS },
    ];
  }
  return [{ title: "My Account", links: ACCOUNT_LINKS }];
}

/** Whether a link is the current page (or a page under it). */
export const isActiveLink = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);
