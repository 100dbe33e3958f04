-- The shop's own unit rules as spellings → unit (src/shared/unit-spellings.ts), so «Единицы» shows them as plain fields;
-- only rows still as seeded (after 0016 moved them off the lookahead) are rewritten. Each spelling matches what the seeded expression did.
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:об\.\s*\/\s*мин\.|об\.\s*\/\s*мин|об\s*\/\s*мин\.|об\s*\/\s*мин|rpm)(\P{L}|$)', "replacement" = '$1 об/мин$2' WHERE "pattern" = '(\d)\s*(?:rpm|об\.?\s*/\s*мин\.?|об/мин)' AND "replacement" = '$1 об/мин';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:мм\.|mm|мм)(\P{L}|$)' WHERE "pattern" = '(\d)\s*(?:mm|мм\.?)(\P{L}|$)' AND "replacement" = '$1 мм$2';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:а\*ч|ah|ач)(\P{L}|$)' WHERE "pattern" = '(\d)\s*(?:ah|а\*?ч|ач)(\P{L}|$)' AND "replacement" = '$1 А·ч$2';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:н\*м|nm|нм)(\P{L}|$)' WHERE "pattern" = '(\d)\s*(?:nm|н\*?м|нм)(\P{L}|$)' AND "replacement" = '$1 Н·м$2';
--> statement-breakpoint
UPDATE "unit_rules" SET "pattern" = '(\d)\s*(?:кг\.|kg|кг)(\P{L}|$)' WHERE "pattern" = '(\d)\s*(?:kg|кг\.?)(\P{L}|$)' AND "replacement" = '$1 кг$2';
