-- Decision 029: a financials search over every date finds the dealerships and customers whose name holds the
-- term anywhere (`lower(name) like '%term%'`). A B-tree cannot serve a term in the middle of a name, so each
-- search read every customer's name on the platform; trigram indexes read the names that hold the term's
-- trigrams. pg_trgm ships with PostgreSQL (contrib) and PGlite (loaded in db/client.ts); it is a trusted
-- extension, so the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealers_name_trgm_idx" ON "dealers" USING gin (lower("name") gin_trgm_ops);