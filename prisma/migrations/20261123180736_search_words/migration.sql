-- CreateTable
CREATE TABLE "SearchWord" (
    "word" TEXT NOT NULL,
    "ndoc" INTEGER NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("word")
);


-- The spelling vocabulary used to be read with one ts_stat pass over every published name (~40 ms at 5,000
-- products, ~1 s at 100,000, and again after every catalogue write). These triggers keep it as a table instead,
-- with the same words and counts as
--   ts_stat('SELECT to_tsvector(''simple'', name) FROM "Product" WHERE published').
-- Words are added and counted in sorted order, so two writers lock the same rows in the same order.

-- The distinct words of one name, as the vocabulary counts them.
CREATE FUNCTION product_name_words(name text) RETURNS text[] AS $$
  SELECT tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(name, '')))
$$ LANGUAGE sql IMMUTABLE;

-- Inserts: one statement-level pass over the new rows (a bulk insert counts each word once, not per row).
CREATE FUNCTION search_words_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO "SearchWord" ("word", "ndoc")
  SELECT w, count(*)::int FROM new_rows r, unnest(product_name_words(r."name")) w
  WHERE r."published" GROUP BY w ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "ndoc" = "SearchWord"."ndoc" + EXCLUDED."ndoc";
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION search_words_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO "SearchWord" ("word", "ndoc")
  SELECT w, -count(*)::int FROM old_rows r, unnest(product_name_words(r."name")) w
  WHERE r."published" GROUP BY w ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "ndoc" = "SearchWord"."ndoc" + EXCLUDED."ndoc";
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- Updates: per row, and only when the name or the published flag changed (stock changes cost nothing).
CREATE FUNCTION search_words_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO "SearchWord" ("word", "ndoc")
  SELECT w, sum(delta)::int FROM (
    SELECT unnest(product_name_words(OLD."name")) AS w, -1 AS delta WHERE OLD."published"
    UNION ALL
    SELECT unnest(product_name_words(NEW."name")), 1 WHERE NEW."published"
  ) d GROUP BY w HAVING sum(delta) <> 0 ORDER BY w
  ON CONFLICT ("word") DO UPDATE SET "ndoc" = "SearchWord"."ndoc" + EXCLUDED."ndoc";
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER search_words_insert AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_insert();
CREATE TRIGGER search_words_delete AFTER DELETE ON "Product"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_delete();
CREATE TRIGGER search_words_update AFTER UPDATE OF "name", "published" ON "Product"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."published" IS DISTINCT FROM NEW."published")
  EXECUTE FUNCTION search_words_after_update();

-- The words of the catalogue as it is now.
INSERT INTO "SearchWord" ("word", "ndoc")
SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', "name") FROM "Product" WHERE "published"');
