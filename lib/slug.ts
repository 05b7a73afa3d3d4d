// URL slugs and ids (spec §2): name slugs replace spaces, commas and ampersands with hyphens;
// the id is the last dash-separated segment of a path parameter.

export function slugify(name: string): string {
  return name
    .trim()
    .replace(/[\s,&]+/g, "-")
    .replace(/[^\p{L}\p{N}-]+/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** `Dairy, Bread & Eggs` + `ckx1` → `Dairy-Bread-Eggs-ckx1` */
export const slugWithId = (name: string, id: string): string => {
  const slug = slugify(name);
  return slug ? `${slug}-${id}` : id;
};

/** The id at the end of `Some-Name-ckx1`, or null when the segment is empty. */
export function idFromSlug(param: string): string | null {
  const decoded = safeDecode(param);
  const id = decoded.split("-").pop()?.trim() ?? "";
  return /^[A-Za-z0-9_]{1,64}$/.test(id) ? id : null;
}

export const productPath = (name: string, id: string) => `/product/${slugWithId(name, id)}`;
export const listingPath = (category: { name: string; id: string }, sub: { name: string; id: string }) =>
  `/${slugWithId(category.name, category.id)}/${slugWithId(sub.name, sub.id)}`;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
