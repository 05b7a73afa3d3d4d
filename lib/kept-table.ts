// A table a module keeps in the process (the fee settings, the stores) and the one load that refreshes it.

export type KeptTable<T> = { table: T | null; loading?: Promise<T> | null };

/**
 * Loads the slot's table once for every caller meanwhile (a burst of checkouts as the copy runs out would otherwise
 * read it once per caller). A load overtaken by an invalidation (which sets `loading` to null) answers its own
 * callers but is not kept.
 */
export function reloadOnce<T>(slot: KeptTable<T>, load: () => Promise<T>): Promise<T> {
  if (slot.loading) return slot.loading;
  const current: Promise<T> = load()
    .then((table) => {
      if (slot.loading === current) slot.table = table;
      return table;
    })
    .finally(() => {
      if (slot.loading === current) slot.loading = null;
    });
  slot.loading = current;
  return current;
}
