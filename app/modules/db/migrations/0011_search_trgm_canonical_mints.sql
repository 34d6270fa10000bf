-- pg_trgm ships with PostgreSQL (contrib) and with PGlite (passed to PGlite.create): similarity of words for typo-tolerant search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_words_trgm" ON "products" USING gin (lower("name" || ' ' || "series" || ' ' || "denomination" || ' ' || "country" || ' ' || coalesce("mint", '')) gin_trgm_ops);--> statement-breakpoint
-- One name per mint (app/modules/catalog/mints.ts) for catalogues seeded or imported before the
-- import learnt the aliases: the filter must not list a mint twice. Exact spellings of the earlier
-- demo catalogue and its sources; names it does not know stay.
UPDATE "products" SET "mint" = CASE "mint"
	WHEN 'ММД' THEN 'Московский монетный двор (ММД)'
	WHEN 'Московский монетный двор' THEN 'Московский монетный двор (ММД)'
	WHEN 'СПМД' THEN 'Санкт-Петербургский монетный двор (СПМД)'
	WHEN 'ЛМД' THEN 'Санкт-Петербургский монетный двор (СПМД)'
	WHEN 'Санкт-Петербургский монетный двор' THEN 'Санкт-Петербургский монетный двор (СПМД)'
	WHEN 'Санкт-Петербургский монетный двор (СПБ)' THEN 'Санкт-Петербургский монетный двор (СПМД)'
	WHEN 'ЛМД/ММД' THEN 'Санкт-Петербургский монетный двор (СПМД); Московский монетный двор (ММД)'
	WHEN 'Монетный двор США (Уэст-Пойнт)' THEN 'Монетный двор США'
	WHEN 'Монетный двор США (Уэст-Пойнт / Сан-Франциско)' THEN 'Монетный двор США'
	ELSE "mint" END
WHERE "mint" IN ('ММД', 'Московский монетный двор', 'СПМД', 'ЛМД', 'Санкт-Петербургский монетный двор', 'Санкт-Петербургский монетный двор (СПБ)', 'ЛМД/ММД', 'Монетный двор США (Уэст-Пойнт)', 'Монетный двор США (Уэст-Пойнт / Сан-Франциско)');
