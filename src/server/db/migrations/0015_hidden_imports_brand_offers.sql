ALTER TABLE "brand_aliases" RENAME COLUMN "supplier_code" TO "brand";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_when_placed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
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
