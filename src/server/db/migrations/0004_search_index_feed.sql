-- Search runs on an index kept in each process (docs/decisions/013): the GIN and trigram indexes
-- are no longer read, and only slowed every product write down.
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_norm_trgm_idx";--> statement-breakpoint
-- What a process needs to bring its search index up to date without reading every product: per
-- product, the transaction that last wrote or deleted it. A transaction id, not a sequence: a
-- reader that remembers the oldest transaction still running at its last look
-- (pg_snapshot_xmin) never misses a write that committed later with a smaller number.
-- Bookkeeping, not shop data: it lives outside the public schema, so backups neither carry nor
-- compare it; restoring a backup empties products, which tells every index to load again.
CREATE SCHEMA "search_feed";
--> statement-breakpoint
CREATE TABLE "search_feed"."product_changes" (
	"product_id" integer PRIMARY KEY,
	"xact" bigint NOT NULL,
	"deleted" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
COMMENT ON TABLE "search_feed"."product_changes" IS 'Kept by triggers on products; product_id 0 deleted means the table was emptied (TRUNCATE)';
--> statement-breakpoint
CREATE INDEX "product_changes_xact_idx" ON "search_feed"."product_changes" ("xact");
--> statement-breakpoint
CREATE INDEX "product_changes_deleted_idx" ON "search_feed"."product_changes" ("changed_at") WHERE "deleted";
--> statement-breakpoint
-- Rows are written in id order, so concurrent writers lock them in the same order. Deletions are
-- kept a day: a process that has not looked for longer loads its index whole.
CREATE FUNCTION "search_feed"."record_product_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	xact bigint := pg_current_xact_id()::text::bigint;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM search_feed.product_changes;
		INSERT INTO search_feed.product_changes (product_id, xact, deleted) VALUES (0, xact, true);
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO search_feed.product_changes AS c (product_id, xact, deleted)
		SELECT id, xact, true FROM old_rows ORDER BY id
		ON CONFLICT (product_id) DO UPDATE SET xact = excluded.xact, deleted = true, changed_at = now();
		DELETE FROM search_feed.product_changes WHERE deleted AND changed_at < now() - interval '1 day';
	ELSE
		INSERT INTO search_feed.product_changes AS c (product_id, xact, deleted)
		SELECT id, xact, false FROM new_rows ORDER BY id
		ON CONFLICT (product_id) DO UPDATE SET xact = excluded.xact, deleted = false, changed_at = now();
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_feed_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_feed"."record_product_changes"();
--> statement-breakpoint
CREATE TRIGGER "search_feed_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_feed"."record_product_changes"();
--> statement-breakpoint
CREATE TRIGGER "search_feed_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_feed"."record_product_changes"();
--> statement-breakpoint
CREATE TRIGGER "search_feed_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "search_feed"."record_product_changes"();
