-- pg_trgm ships with PostgreSQL (contrib) and with PGlite (passed to PGlite.create): similarity of words for typo-tolerant search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_words_trgm" ON "products" USING gin (lower("name" || ' ' || "series" || ' ' || "denomination" || ' ' || "country" || ' ' || coalesce("mint", '')) gin_trgm_ops);