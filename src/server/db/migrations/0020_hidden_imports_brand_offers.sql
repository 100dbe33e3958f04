CREATE TABLE "supplier_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_sku" text,
	"purchase_price_kopecks" integer,
	"price_kopecks" integer,
	"stock" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_aliases" RENAME COLUMN "supplier_code" TO "brand";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_when_placed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_supplier_id" integer;--> statement-breakpoint
ALTER TABLE "supplier_offers" ADD CONSTRAINT "supplier_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_offers" ADD CONSTRAINT "supplier_offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_offers_product_supplier_unique" ON "supplier_offers" USING btree ("product_id","supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_offers_supplier_sku_idx" ON "supplier_offers" USING btree ("supplier_id","supplier_sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_supplier_id_suppliers_id_fk" FOREIGN KEY ("price_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Products already waiting in «Без категории» go on sale when placed, as they did, except those a
-- price list created «Скрытыми, для проверки»: they stay hidden until staff publish them.
UPDATE "products" p SET "publish_when_placed" = true
WHERE p."awaiting_category" AND NOT EXISTS (
  SELECT 1 FROM "supplier_import_rows" r JOIN "supplier_imports" i ON i."id" = r."import_id"
  WHERE r."product_id" = p."id" AND r."action" = 'create' AND r."applied" AND i."options"->>'newProducts' = 'hidden'
);
--> statement-breakpoint
-- The shop's own makers were kept as their suppliers: DCK's and P.I.T's products are those brands.
UPDATE "products" SET "brand" = "supplier" WHERE "supplier" IN ('DCK', 'P.I.T');
--> statement-breakpoint
-- Each product bought from a kept supplier has that supplier's offer, which sets its price.
INSERT INTO "supplier_offers" ("product_id", "supplier_id", "supplier_sku", "price_kopecks", "stock", "updated_at")
SELECT p."id", s."id", p."supplier_sku", p."price_kopecks", p."stock", p."updated_at"
FROM "products" p JOIN "suppliers" s ON s."code" = p."supplier";
--> statement-breakpoint
UPDATE "products" p SET "price_supplier_id" = s."id" FROM "suppliers" s WHERE s."code" = p."supplier";
