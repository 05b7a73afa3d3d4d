import { prisma } from "@/lib/db";
import { invalidateStoreLoad, invalidateStoreTable } from "@/lib/stores";
import { DEMO_PINCODES, DEMO_STORES } from "../../prisma/seed/stores";

// Puts the seed's dark-store network (stores, served pincodes, the pincode table) into this run's database without
// the catalogue: the migration's "main" becomes the MG Road store. Idempotent; stores are reset to the seed's state.
export async function installDemoStores() {
  await prisma.pincode.createMany({ data: [...DEMO_PINCODES], skipDuplicates: true });
  for (const s of DEMO_STORES) {
    const { pincodes, ...fields } = s;
    const data = { ...fields, paused: false, pausedReason: null, pausedAt: null };
    await prisma.store.upsert({ where: { id: s.id }, create: data, update: data });
    await prisma.storePincode.deleteMany({ where: { storeId: s.id } });
    await prisma.storePincode.createMany({ data: pincodes.map((pincode) => ({ storeId: s.id, pincode })) });
  }
  invalidateStoreTable();
  invalidateStoreLoad();
}
