DROP INDEX "products_featured_idx";--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_popular_idx";--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("is_active","is_featured" DESC NULLS LAST,"sales_count" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","supplier");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("is_active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","supplier");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("is_active","price_kopecks","id","category_id","supplier");--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("is_active","sales_count" DESC NULLS LAST,"id" DESC NULLS LAST,"category_id","supplier");