ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
-- Staff's expressions run on RE2, which has no lookahead (issue 25). A unit rule ending in
-- «(?!\p{L})» (the shipped ones) with one group keeps its meaning as «(\P{L}|$)», the character
-- it looked at given back by «$2»; any other that RE2 cannot run is shown as not applied.
UPDATE "unit_rules"
SET "pattern" = left("pattern", -9) || '(\P{L}|$)', "replacement" = "replacement" || '$2'
WHERE right("pattern", 9) = '(?!\p{L})'
	AND length(replace(replace(replace("pattern", '\(', ''), '(?', ''), '(', '((')) - length(replace(replace("pattern", '\(', ''), '(?', '')) = 1;
