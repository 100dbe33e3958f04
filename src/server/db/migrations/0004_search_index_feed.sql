-- Search runs on an index kept in each process (docs/decisions/013): the GIN and trigram indexes
-- are no longer read, and only slowed every product write down.
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_norm_trgm_idx";--> statement-breakpoint
-- What a process needs to bring its search index up to date without reading every product: the
-- transaction that last wrote each row, and the rows deleted since. A transaction id, not a
-- sequence: a reader that remembers the oldest transaction still running at its last look
-- (pg_snapshot_xmin) never misses a write that committed later with a smaller number.
ALTER TABLE "products" ADD COLUMN "written_by_xact" bigint;
--> statement-breakpoint
COMMENT ON COLUMN "products"."written_by_xact" IS 'Set by the trigger products_stamp_xact: read by the search index (docs/decisions/013)';
--> statement-breakpoint
CREATE INDEX "products_written_by_xact_idx" ON "products" ("written_by_xact");
--> statement-breakpoint
CREATE FUNCTION "products_stamp_xact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.written_by_xact := pg_current_xact_id()::text::bigint;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_stamp_xact" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_stamp_xact"();
--> statement-breakpoint
-- Deleted products for a day (a process that has not looked for longer reloads its index whole);
-- a row without product_id records a TRUNCATE: everything went.
CREATE TABLE "product_deletions" (
	"xact" bigint NOT NULL,
	"product_id" integer,
	"deleted_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
COMMENT ON TABLE "product_deletions" IS 'Derived: kept by triggers on products';
--> statement-breakpoint
CREATE INDEX "product_deletions_xact_idx" ON "product_deletions" ("xact");
--> statement-breakpoint
CREATE INDEX "product_deletions_deleted_at_idx" ON "product_deletions" ("deleted_at");
--> statement-breakpoint
CREATE FUNCTION "product_deletions_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		INSERT INTO product_deletions (xact, product_id) VALUES (pg_current_xact_id()::text::bigint, NULL);
	ELSE
		INSERT INTO product_deletions (xact, product_id) SELECT pg_current_xact_id()::text::bigint, id FROM old_rows;
	END IF;
	DELETE FROM product_deletions WHERE deleted_at < now() - interval '1 day';
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_deletions_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_deletions_log"();
--> statement-breakpoint
CREATE TRIGGER "product_deletions_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "product_deletions_log"();
--> statement-breakpoint
-- Statistics for the new column at once: without them the planner guesses that a third of the
-- rows match "written since", and reads the whole table instead of the index on every look.
ANALYZE "products";
