import type pg from "pg";

// Issue 16: the contract's product create/update (and the tests' fixtures, which create products with a `stock`)
// write Product.stock, which the default store's StoreStock must follow. That mirror is a database trigger owned by
// the orders/migrations work (branch of the stock-per-store checkout). Until it is part of the migrations this
// installs a stand-in on the tests' fresh database, and only when no trigger on "Product" writes StoreStock yet, so
// it never doubles the real one: it sets the default store's row to the product's stock and records the
// difference as a COUNT movement (the ledger's sum stays the stock).

export async function ensureDefaultStoreStockMirror(client: pg.Client): Promise<void> {
  const { rows } = await client.query(
    `SELECT 1 FROM pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid
      WHERE t.tgrelid = '"Product"'::regclass AND NOT t.tgisinternal AND f.prosrc LIKE '%StoreStock%' LIMIT 1`,
  );
  if (rows.length > 0) return;
  await client.query(`
    CREATE FUNCTION test_product_stock_to_default_store() RETURNS trigger AS $$
    DECLARE
      store text;
      before int;
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.stock IS NOT DISTINCT FROM OLD.stock THEN RETURN NEW; END IF;
      SELECT id INTO store FROM "Store" WHERE "isDefault" LIMIT 1;
      IF store IS NULL THEN RETURN NEW; END IF;
      SELECT stock INTO before FROM "StoreStock" WHERE "storeId" = store AND "productId" = NEW.id;
      INSERT INTO "StoreStock" ("storeId", "productId", stock) VALUES (store, NEW.id, GREATEST(NEW.stock, 0))
        ON CONFLICT ("storeId", "productId") DO UPDATE SET stock = EXCLUDED.stock, "updatedAt" = CURRENT_TIMESTAMP;
      IF GREATEST(NEW.stock, 0) <> COALESCE(before, 0) THEN
        INSERT INTO "StockMovement" (id, "storeId", "productId", delta, reason, note)
        VALUES (gen_random_uuid()::text, store, NEW.id, GREATEST(NEW.stock, 0) - COALESCE(before, 0), 'COUNT',
                'test stand-in: Product.stock mirrored');
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER test_product_stock_to_default_store AFTER INSERT OR UPDATE OF stock ON "Product"
      FOR EACH ROW EXECUTE FUNCTION test_product_stock_to_default_store();`);
}
