-- Active products per category, supplier and "has a price", kept by triggers on products: the
-- catalogue's totals after a change read a few dozen rows instead of counting every product
-- (docs/decisions/006). Derived data: backups leave it out and rebuild it as products come back.
CREATE TABLE "product_facets" (
	"category_id" integer,
	"supplier" text,
	"priced" boolean NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
COMMENT ON TABLE "product_facets" IS 'Derived: kept by triggers on products';
--> statement-breakpoint
CREATE UNIQUE INDEX "product_facets_key" ON "product_facets" (coalesce("category_id", 0), coalesce("supplier", ''), "priced");
--> statement-breakpoint
-- One statement-level function for every kind of write. Rows whose counted fields did not change
-- (stock, sales, texts) cancel out, so an order's stock update writes and locks nothing here.
-- Groups are written in key order, so concurrent writers lock them in the same order; groups that
-- reach zero are removed, so the table holds exactly what a recount would give.
CREATE FUNCTION "product_facets_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM product_facets;
	ELSIF TG_OP = 'INSERT' THEN
		INSERT INTO product_facets AS f (category_id, supplier, priced, n)
		SELECT category_id, supplier, coalesce(price_kopecks, 0) > 0, count(*)::int FROM new_rows WHERE is_active
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (coalesce(category_id, 0), coalesce(supplier, ''), priced) DO UPDATE SET n = f.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO product_facets AS f (category_id, supplier, priced, n)
		SELECT category_id, supplier, coalesce(price_kopecks, 0) > 0, -count(*)::int FROM old_rows WHERE is_active
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (coalesce(category_id, 0), coalesce(supplier, ''), priced) DO UPDATE SET n = f.n + excluded.n;
	ELSE
		INSERT INTO product_facets AS f (category_id, supplier, priced, n)
		SELECT category_id, supplier, priced, sum(k)::int FROM (
			SELECT category_id, supplier, coalesce(price_kopecks, 0) > 0 AS priced, -1 AS k FROM old_rows WHERE is_active
			UNION ALL
			SELECT category_id, supplier, coalesce(price_kopecks, 0) > 0, 1 FROM new_rows WHERE is_active
		) d
		GROUP BY 1, 2, 3 HAVING sum(k) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT (coalesce(category_id, 0), coalesce(supplier, ''), priced) DO UPDATE SET n = f.n + excluded.n;
	END IF;
	GET DIAGNOSTICS changed = ROW_COUNT;
	IF TG_OP <> 'TRUNCATE' AND changed > 0 THEN
		DELETE FROM product_facets WHERE n = 0;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_facets_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_count"();
--> statement-breakpoint
CREATE TRIGGER "product_facets_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_count"();
--> statement-breakpoint
CREATE TRIGGER "product_facets_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_count"();
--> statement-breakpoint
CREATE TRIGGER "product_facets_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_count"();
--> statement-breakpoint
INSERT INTO "product_facets" ("category_id", "supplier", "priced", "n")
SELECT "category_id", "supplier", coalesce("price_kopecks", 0) > 0, count(*)::int FROM "products" WHERE "is_active" GROUP BY 1, 2, 3;
