-- hand-written: data folders made between 0006 and the per-branch writes have products whose stock
-- was written without branch rows (the seed, the admin, the importers wrote products.stock alone).
-- What the branches lack of a product's stock goes to the head office: every total stays as it was,
-- and products.stock is again the sum over the branches.
INSERT INTO "product_stock" ("product_id", "branch_id", "quantity")
SELECT p."id", b."id", p."stock" - COALESCE((SELECT SUM(ps."quantity") FROM "product_stock" ps WHERE ps."product_id" = p."id"), 0)::int
FROM "products" p CROSS JOIN "branches" b
WHERE b."slug" = 'volgograd' AND p."stock" IS NOT NULL
	AND p."stock" > COALESCE((SELECT SUM(ps."quantity") FROM "product_stock" ps WHERE ps."product_id" = p."id"), 0)
ON CONFLICT ("product_id", "branch_id") DO UPDATE SET "quantity" = "product_stock"."quantity" + excluded."quantity";
