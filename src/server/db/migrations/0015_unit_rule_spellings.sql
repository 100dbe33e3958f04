-- The shop's own unit rules as spellings → unit (src/shared/unit-spellings.ts), so «Единицы» shows them as plain fields;
-- only rows still as seeded in 0005 are rewritten. Each spelling matches what the seeded expression did.
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:об\.\s*\/\s*мин\.|об\.\s*\/\s*мин|об\s*\/\s*мин\.|об\s*\/\s*мин|rpm)(?!\p{L})' WHERE "pattern" = '(\d)\s*(?:rpm|об\.?\s*/\s*мин\.?|об/мин)' AND "replacement" = '$1 об/мин';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:мм\.|mm|мм)(?!\p{L})' WHERE "pattern" = '(\d)\s*(?:mm|мм\.?)(?!\p{L})' AND "replacement" = '$1 мм';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:а\*ч|ah|ач)(?!\p{L})' WHERE "pattern" = '(\d)\s*(?:ah|а\*?ч|ач)(?!\p{L})' AND "replacement" = '$1 А·ч';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:н\*м|nm|нм)(?!\p{L})' WHERE "pattern" = '(\d)\s*(?:nm|н\*?м|нм)(?!\p{L})' AND "replacement" = '$1 Н·м';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:кг\.|kg|кг)(?!\p{L})' WHERE "pattern" = '(\d)\s*(?:kg|кг\.?)(?!\p{L})' AND "replacement" = '$1 кг';
