ALTER TABLE "orders" ADD COLUMN "vat_in_total_kopecks" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before: everything in their total (delivery included, as their receipts had it) was taxed at their rate.
-- Filling in a figure is no change of the order, so 1C is not sent them again.
ALTER TABLE "orders" DISABLE TRIGGER "orders_exchange_version_bump";--> statement-breakpoint
UPDATE "orders" SET "vat_in_total_kopecks" = round("total_kopecks" * "vat_rate" / (100.0 + "vat_rate"));--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "orders_exchange_version_bump";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vat_in_total_kopecks" SET NOT NULL;
