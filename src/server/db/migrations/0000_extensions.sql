-- Trigram matching for typo-tolerant search and partial SKUs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
