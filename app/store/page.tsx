import type { Metadata } from "next";
import { NotForAccount } from "@/components/layout/not-for-account";
import { PickListApp, type WorkStoreView } from "@/components/store/pick-list-app";
import { appCaller } from "@/lib/auth/app-caller";
import { requireStoreWorkerAction } from "@/lib/auth/staff";
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
  const { viewer, caller: worker } = await appCaller("/store", requireStoreWorkerAction);
  if (!worker)
    return (
      <NotForAccount title="Kwikmart Store" testId="store-only">
        <p className="text-lg">
          This screen is for Kwikmart store staff. Your account ({viewer.email}) is not a store staff account.
        </p>
      </NotForAccount>
    );
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
