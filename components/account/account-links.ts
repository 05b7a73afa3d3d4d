export type NavLink = { href: string; label: string };

/** Spec §2 Account menus: what every signed-in user gets. Log Out is added by the accounts issue. */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  { href: "/dashboard/profile", label: "Profile" },
  { href: "/dashboard/myorders", label: "My Orders" },
  { href: "/dashboard/address", label: "Save Address" },
];

/** Admin-only entries (role ADMIN); the accounts issue shows them only to admins. */
export const ADMIN_LINKS: readonly NavLink[] = [
  { href: "/dashboard/category", label: "Category" },
  { href: "/dashboard/subcategory", label: "Sub Category" },
  { href: "/dashboard/upload-product", label: "Upload Product" },
  { href: "/dashboard/product", label: "Product" },
  { href: "/dashboard/delivery-partners", label: "Delivery Partners" },
  { href: "/dashboard/orders", label: "Orders" },
];

export type NavSection = { title: string; links: readonly NavLink[] };

/** The menu sections for a viewer; `isAdmin` is the one switch the role check needs to drive. */
export function accountSections({ isAdmin }: { isAdmin: boolean }): NavSection[] {
  const sections: NavSection[] = [{ title: "My Account", links: ACCOUNT_LINKS }];
  if (isAdmin) sections.push({ title: "Admin", links: ADMIN_LINKS });
  return sections;
}
