-- ЕНВД (tax system 4) was abolished in 2021 and is no longer offered: a saved 4 falls back to the default.
UPDATE "settings" SET "value" = "value" - 'taxSystemCode' WHERE "key" = 'payment' AND "value"->>'taxSystemCode' = '4';
