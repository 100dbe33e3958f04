ALTER TABLE "products" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "review_count";--> statement-breakpoint
-- hand-written: the shop's phones kept one way, +7 and ten digits, as src/shared/phone.ts reads
-- what people type (8 …, +7 …, ten digits starting 3, 4, 9 or 80); anything else stays as typed.
UPDATE "branches" AS b SET "phone" = '+7' || right(n."digits", 10)
FROM (SELECT "id", btrim("phone") AS "typed", regexp_replace("phone", '\D', '', 'g') AS "digits" FROM "branches") AS n
WHERE b."id" = n."id" AND n."typed" ~ '^\+?[0-9\s().-]+$' AND (
	(n."typed" LIKE '+%' AND n."digits" ~ '^7[0-9]{10}$')
	OR (n."typed" NOT LIKE '+%' AND (n."digits" ~ '^[78][0-9]{10}$' OR n."digits" ~ '^([349][0-9]|80)[0-9]{8}$'))
);
--> statement-breakpoint
UPDATE "settings" AS s SET "value" = jsonb_set(s."value", '{contactPhone}', to_jsonb('+7' || right(n."digits", 10)))
FROM (SELECT "key", btrim("value"->>'contactPhone') AS "typed", regexp_replace("value"->>'contactPhone', '\D', '', 'g') AS "digits" FROM "settings" WHERE "key" = 'shop') AS n
WHERE s."key" = n."key" AND n."typed" ~ '^\+?[0-9\s().-]+$' AND (
	(n."typed" LIKE '+%' AND n."digits" ~ '^7[0-9]{10}$')
	OR (n."typed" NOT LIKE '+%' AND (n."digits" ~ '^[78][0-9]{10}$' OR n."digits" ~ '^([349][0-9]|80)[0-9]{8}$'))
);
