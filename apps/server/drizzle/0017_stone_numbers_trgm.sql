-- Trigrams for the stock screen's search box (any part of a stock, report or pair number). pg_trgm ships
-- with PostgreSQL and is trusted (PostgreSQL 13 and later): a database owner may create it. PGlite is given
-- it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "stones_numbers_trgm_idx" ON "stones" USING gin ("stock_number" gin_trgm_ops,"certificate_number" gin_trgm_ops,"pair_stock_number" gin_trgm_ops) WHERE "stones"."deleted_at" is null;