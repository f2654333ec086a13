DROP INDEX "accounts_code_live_key";--> statement-breakpoint
DROP INDEX "countries_code_live_key";--> statement-breakpoint
DROP INDEX "day_terms_name_live_key";--> statement-breakpoint
DROP INDEX "layout_masters_code_live_key";--> statement-breakpoint
DROP INDEX "locations_name_live_key";--> statement-breakpoint
DROP INDEX "non_cert_diamonds_stock_number_live_key";--> statement-breakpoint
DROP INDEX "non_cert_lots_number_live_key";--> statement-breakpoint
DROP INDEX "platforms_name_live_key";--> statement-breakpoint
DROP INDEX "products_name_live_key";--> statement-breakpoint
DROP INDEX "settings_key_live_key";--> statement-breakpoint
DROP INDEX "stones_stock_number_live_key";--> statement-breakpoint
DROP INDEX "stones_certificate_number_lower_idx";--> statement-breakpoint
DROP INDEX "subscribers_email_live_key";--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_live_key" ON "accounts" USING btree (lower("code") text_pattern_ops) WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_live_key" ON "countries" USING btree (lower("code") text_pattern_ops) WHERE "countries"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "day_terms_name_live_key" ON "day_terms" USING btree (lower("name") text_pattern_ops) WHERE "day_terms"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "layout_masters_code_live_key" ON "layout_masters" USING btree (lower("code") text_pattern_ops) WHERE "layout_masters"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_live_key" ON "locations" USING btree (lower("name") text_pattern_ops) WHERE "locations"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "non_cert_diamonds_stock_number_live_key" ON "non_cert_diamonds" USING btree (lower("stock_number") text_pattern_ops) WHERE "non_cert_diamonds"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "non_cert_lots_number_live_key" ON "non_cert_lots" USING btree (lower("number") text_pattern_ops) WHERE "non_cert_lots"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_name_live_key" ON "platforms" USING btree (lower("name") text_pattern_ops) WHERE "platforms"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_live_key" ON "products" USING btree (lower("name") text_pattern_ops) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_live_key" ON "settings" USING btree (lower("key") text_pattern_ops) WHERE "settings"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stones_stock_number_live_key" ON "stones" USING btree (lower("stock_number") text_pattern_ops) WHERE "stones"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stones_certificate_number_lower_idx" ON "stones" USING btree (lower("certificate_number") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_live_key" ON "subscribers" USING btree (lower("email") text_pattern_ops) WHERE "subscribers"."deleted_at" is null;--> statement-breakpoint
-- The statistics of an index's expression go with the index: gathered again for the recreated one, whose
-- estimates the pasted report numbers' plan reads (without them PostgreSQL guesses 5,000 stones a number).
ANALYZE "stones";