-- Orders take stock from their dark store (issue 16). Product.stock stays, as a MIRROR of the default store's
-- StoreStock: the REST contract's product create/update read and write `stock`, and many clients and scripts set it
-- directly. Triggers keep the two in step, both ways, and every change of StoreStock made through Product.stock is
-- also a StockMovement, so the ledger still sums to the stock.
--
--   Product INSERT            → the default store gets its row (stock = Product.stock) and a COUNT movement
--   Product UPDATE OF stock   → the default store's row is set to it; a COUNT movement of the difference, noted
--   StoreStock INSERT/UPDATE/DELETE of the default store → Product.stock follows (DELETE: 0); no movement here: who
--                               changes StoreStock writes its own movement (SALE, CANCEL, RECEIVE …)
--   Store becomes the default → Product.stock = that store's stock (0 where it has no row)
--
-- Recursion: a mirror write happens inside a trigger, so the trigger it fires in turn runs at pg_trigger_depth() > 1
-- and stops there. The same guard means a StoreStock change made by another trigger (an ON DELETE CASCADE is one) is
-- not mirrored: the only such case, a product's rows going with the product, needs none.
--
-- Lock order: a checkout locks StoreStock then (default store only) Product; a direct Product.stock write locks
-- Product then StoreStock. The two can deadlock on one product; PostgreSQL aborts one, and runTx retries it.

-- Product.stock was never meant to go below 0 (orders took it with stock >= q); StoreStock refuses it.
UPDATE "Product" SET "stock" = 0 WHERE "stock" < 0;
ALTER TABLE "Product" ADD CONSTRAINT "Product_stock_check" CHECK ("stock" >= 0);

-- Until now orders sold from Product.stock, not from the default store's row: bring the row to it (a COUNT each),
-- and give products created since the stores migration their row.
INSERT INTO "StockMovement" ("id", "storeId", "productId", "delta", "reason", "note")
SELECT 'sync' || md5(s."id" || p."id"), s."id", p."id", p."stock" - COALESCE(ss."stock", 0), 'COUNT',
       'sales before orders took stock from their store (Product.stock)'
FROM "Product" p
CROSS JOIN (SELECT "id" FROM "Store" WHERE "isDefault") s
LEFT JOIN "StoreStock" ss ON ss."storeId" = s."id" AND ss."productId" = p."id"
WHERE ss."stock" IS DISTINCT FROM p."stock";

INSERT INTO "StoreStock" ("storeId", "productId", "stock", "updatedAt")
SELECT s."id", p."id", p."stock", CURRENT_TIMESTAMP
FROM "Product" p CROSS JOIN (SELECT "id" FROM "Store" WHERE "isDefault") s
ON CONFLICT ("storeId", "productId") DO UPDATE SET "stock" = EXCLUDED."stock", "updatedAt" = EXCLUDED."updatedAt"
WHERE "StoreStock"."stock" IS DISTINCT FROM EXCLUDED."stock";

-- A new product: its row at the default store, with its opening count.
CREATE FUNCTION product_stock_insert() RETURNS trigger AS $$
DECLARE
  default_id text;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  SELECT "id" INTO default_id FROM "Store" WHERE "isDefault" ORDER BY "id" LIMIT 1;
  IF default_id IS NULL THEN RETURN NULL; END IF; -- a shop without stores (the seed's --reset, for a moment)
  INSERT INTO "StoreStock" ("storeId", "productId", "stock", "updatedAt")
  VALUES (default_id, NEW."id", NEW."stock", CURRENT_TIMESTAMP)
  ON CONFLICT ("storeId", "productId") DO NOTHING;
  IF FOUND AND NEW."stock" <> 0 THEN
    INSERT INTO "StockMovement" ("id", "storeId", "productId", "delta", "reason", "note")
    VALUES ('prod' || replace(gen_random_uuid()::text, '-', ''), default_id, NEW."id", NEW."stock", 'COUNT',
            'opening stock of a new product (Product.stock)');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER product_stock_insert
  AFTER INSERT ON "Product"
  FOR EACH ROW EXECUTE FUNCTION product_stock_insert();

-- Product.stock written directly (the REST product update, scripts, tests): a stock count at the default store.
CREATE FUNCTION product_stock_update() RETURNS trigger AS $$
DECLARE
  default_id text;
  before integer;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF; -- the mirror of a StoreStock change
  SELECT "id" INTO default_id FROM "Store" WHERE "isDefault" ORDER BY "id" LIMIT 1;
  IF default_id IS NULL THEN RETURN NULL; END IF;
  SELECT "stock" INTO before FROM "StoreStock"
  WHERE "storeId" = default_id AND "productId" = NEW."id" FOR UPDATE;
  IF NOT FOUND THEN
    before := 0;
    INSERT INTO "StoreStock" ("storeId", "productId", "stock", "updatedAt")
    VALUES (default_id, NEW."id", NEW."stock", CURRENT_TIMESTAMP);
  ELSIF before <> NEW."stock" THEN
    UPDATE "StoreStock" SET "stock" = NEW."stock", "updatedAt" = CURRENT_TIMESTAMP
    WHERE "storeId" = default_id AND "productId" = NEW."id";
  END IF;
  IF NEW."stock" <> before THEN
    INSERT INTO "StockMovement" ("id", "storeId", "productId", "delta", "reason", "note")
    VALUES ('prod' || replace(gen_random_uuid()::text, '-', ''), default_id, NEW."id", NEW."stock" - before, 'COUNT',
            format('Product.stock set to %s (was %s at the default store)', NEW."stock", before));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER product_stock_update
  AFTER UPDATE OF "stock" ON "Product"
  FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock")
  EXECUTE FUNCTION product_stock_update();

-- The default store's stock changed (a sale, a cancel, a receipt, a count): Product.stock follows. The movement is
-- written by whoever changed the row.
CREATE FUNCTION store_stock_mirror() RETURNS trigger AS $$
DECLARE
  row_ record;
  target integer;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF; -- the mirror of a Product.stock write
  IF TG_OP = 'DELETE' THEN row_ := OLD; target := 0; ELSE row_ := NEW; target := NEW."stock"; END IF;
  IF TG_OP = 'UPDATE' AND OLD."stock" = NEW."stock" THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM "Store" WHERE "id" = row_."storeId" AND "isDefault") THEN RETURN NULL; END IF;
  UPDATE "Product" SET "stock" = target, "updatedAt" = CURRENT_TIMESTAMP
  WHERE "id" = row_."productId" AND "stock" IS DISTINCT FROM target;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER store_stock_mirror
  AFTER INSERT OR UPDATE OF "stock" OR DELETE ON "StoreStock"
  FOR EACH ROW EXECUTE FUNCTION store_stock_mirror();

-- Another store became the default: Product.stock is now its stock (0 where it has no row).
CREATE FUNCTION store_default_mirror() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."isDefault" THEN RETURN NULL; END IF;
  UPDATE "Product" p SET "stock" = COALESCE(ss."stock", 0), "updatedAt" = CURRENT_TIMESTAMP
  FROM "Product" p2
  LEFT JOIN "StoreStock" ss ON ss."storeId" = NEW."id" AND ss."productId" = p2."id"
  WHERE p2."id" = p."id" AND p."stock" IS DISTINCT FROM COALESCE(ss."stock", 0);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER store_default_mirror
  AFTER INSERT OR UPDATE OF "isDefault" ON "Store"
  FOR EACH ROW WHEN (NEW."isDefault")
  EXECUTE FUNCTION store_default_mirror();
