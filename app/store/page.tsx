import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PickListApp, type WorkStoreView } from "@/components/store/pick-list-app";
import { requireStoreWorkerAction } from "@/lib/auth/staff";
import { getSessionViewer } from "@/lib/auth/viewer";
import { isAppError } from "@/lib/errors";
import { pickList } from "@/lib/orders/picklist";
import { defaultStore, listStores, type StoreSummary } from "@/lib/stores";
import { workStore } from "@/lib/stores/staff-work";

export const metadata: Metadata = { title: "Pick list" };

type Props = { searchParams: Promise<{ store?: string | string[] }> };

const view = (s: StoreSummary): WorkStoreView => ({
  id: s.id,
  name: s.name,
  area: s.area,
  open: s.open,
  paused: s.paused,
  pausedReason: s.pausedReason,
  state: s.paused ? `Paused: ${s.pausedReason ?? ""}` : s.open ? "Open, taking orders" : `Closed, opens at ${s.opensAt}`,
});

// The store's screen (issue 16): a staff member's own store, or for an admin the store picked at the top (the
// default store first). Its state comes from the server on every load and the pick list refreshes itself every few
// seconds. A guest signs in first and comes back; anyone else is told the screen is for store staff.
export default async function StorePage({ searchParams }: Props) {
  const viewer = await getSessionViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent("/store")}`);
  let worker;
  try {
    worker = await requireStoreWorkerAction();
  } catch (error) {
    if (isAppError(error) && (error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED")) {
      return (
        <main id="main" className="flex flex-1 flex-col justify-center gap-4 p-6" data-testid="store-only">
          <h1 className="text-2xl font-bold">Kwikmart Store</h1>
          <p className="text-lg">
            This screen is for Kwikmart store staff. Your account ({viewer.email}) is not a store staff account.
          </p>
          <Link
            href="/"
            className="flex min-h-12 items-center justify-center rounded-xl bg-slate-900 px-5 text-lg font-bold text-white"
          >
            Go to the shop
          </Link>
        </main>
      );
    }
    throw error;
  }
  const requested = (await searchParams).store;
  const stores = worker.storeId === null ? await listStores() : null;
  const picked =
    (typeof requested === "string" && stores?.find((s) => s.id === requested)?.id) ||
    worker.storeId ||
    (await defaultStore())?.id;
  const store = await workStore(worker, picked);
  return (
    <main id="main" className="flex flex-1 flex-col">
      <PickListApp
        key={store.id}
        initial={await pickList(worker, store.id)}
        store={view(store)}
        stores={stores?.map((s) => ({ id: s.id, name: s.name })) ?? null}
        workerName={viewer.name}
      />
    </main>
  );
}
