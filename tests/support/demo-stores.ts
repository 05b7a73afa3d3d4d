import { prisma, runTx } from "@/lib/db";
import { invalidateStoreLoad, invalidateStoreTable } from "@/lib/stores";
import { DEMO_PINCODES, DEMO_STORES } from "../../prisma/seed/stores";

// Puts the seed's dark-store network (stores, served pincodes, the pincode table) into this run's database without
// the catalogue: the migration's "main" becomes the MG Road store, and stores other test files made are removed.
// Idempotent; stores are reset to the seed's state.
export async function installDemoStores() {
  await prisma.pincode.createMany({ data: [...DEMO_PINCODES], skipDuplicates: true });
  await runTx(async (tx) => {
    await tx.store.deleteMany({ where: { id: { notIn: DEMO_STORES.map((s) => s.id) } } });
    for (const s of DEMO_STORES) {
      const { pincodes, ...fields } = s;
      const data = { ...fields, paused: false, pausedReason: null, pausedAt: null };
      await tx.store.upsert({ where: { id: s.id }, create: data, update: data });
      await tx.storePincode.deleteMany({ where: { storeId: s.id } });
      await tx.storePincode.createMany({ data: pincodes.map((pincode) => ({ storeId: s.id, pincode })) });
    }
  });
  invalidateStoreTable();
  invalidateStoreLoad();
}
