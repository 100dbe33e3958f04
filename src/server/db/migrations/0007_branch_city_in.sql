ALTER TABLE "branches" ADD COLUMN "city_in" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: the five seeded branches get their city in the prepositional case.
UPDATE "branches" SET "city_in" = CASE "slug"
	WHEN 'volgograd' THEN 'Волгограде'
	WHEN 'rostov-na-donu' THEN 'Ростове-на-Дону'
	WHEN 'sankt-peterburg' THEN 'Санкт-Петербурге'
	WHEN 'novorossiysk' THEN 'Новороссийске'
	WHEN 'mariupol' THEN 'Мариуполе'
	ELSE "city" END
WHERE "city_in" = '';
