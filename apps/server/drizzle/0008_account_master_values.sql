DROP INDEX "accounts_business_type_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_type_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "nature_of_organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "company_size_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sales_person_id" uuid;--> statement-breakpoint
-- Backfill: the old text columns become references. A text naming a value of its master (ignoring
-- case) points at that value; a text no value has becomes a new value of that master (spelled as in the
-- oldest company), so nothing typed is lost. The sales person points at the staff user of that name; a name no staff user has is dropped.
INSERT INTO "masters" ("name", "code", "sequence")
SELECT 'Business type', 'BUSINESS_TYPE', coalesce((SELECT max(m."sequence") FROM "masters" m WHERE m."parent_id" IS NULL), 0) + 1
WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE btrim(coalesce(a."business_type", '')) <> '')
  AND NOT EXISTS (SELECT 1 FROM "masters" m WHERE m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('BUSINESS_TYPE'));--> statement-breakpoint
INSERT INTO "masters" ("name", "code", "parent_id", "sequence")
SELECT t."name",
  left(coalesce(nullif(btrim(regexp_replace(upper(t."name"), '[^A-Z0-9]+', '_', 'g'), '_'), ''), 'VALUE'), 60),
  p."id", p."top" + row_number() OVER (ORDER BY lower(t."name"))
FROM (
  SELECT (array_agg(btrim(a."business_type") ORDER BY a."created_at", a."code"))[1] AS "name" FROM "accounts" a WHERE btrim(coalesce(a."business_type", '')) <> '' GROUP BY lower(btrim(a."business_type"))
) t
CROSS JOIN LATERAL (
  SELECT m."id", (SELECT coalesce(max(v."sequence"), 0) FROM "masters" v WHERE v."parent_id" = m."id") AS "top"
  FROM "masters" m WHERE m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('BUSINESS_TYPE') ORDER BY m."created_at", m."id" LIMIT 1
) p
WHERE NOT EXISTS (
  SELECT 1 FROM "masters" v JOIN "masters" m ON m."id" = v."parent_id"
  WHERE v."deleted_at" IS NULL AND m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('BUSINESS_TYPE') AND lower(v."name") = lower(t."name")
);--> statement-breakpoint
UPDATE "accounts" a SET "business_type_id" = (
  SELECT v."id" FROM "masters" v JOIN "masters" m ON m."id" = v."parent_id"
  WHERE v."deleted_at" IS NULL AND m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('BUSINESS_TYPE') AND lower(v."name") = lower(btrim(a."business_type"))
  ORDER BY v."is_active" DESC, m."created_at", m."id", v."sequence", v."id" LIMIT 1
)
WHERE btrim(coalesce(a."business_type", '')) <> '';--> statement-breakpoint
INSERT INTO "masters" ("name", "code", "sequence")
SELECT 'Nature of organisation', 'NATURE_OF_ORG', coalesce((SELECT max(m."sequence") FROM "masters" m WHERE m."parent_id" IS NULL), 0) + 1
WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE btrim(coalesce(a."nature_of_organisation", '')) <> '')
  AND NOT EXISTS (SELECT 1 FROM "masters" m WHERE m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('NATURE_OF_ORG'));--> statement-breakpoint
INSERT INTO "masters" ("name", "code", "parent_id", "sequence")
SELECT t."name",
  left(coalesce(nullif(btrim(regexp_replace(upper(t."name"), '[^A-Z0-9]+', '_', 'g'), '_'), ''), 'VALUE'), 60),
  p."id", p."top" + row_number() OVER (ORDER BY lower(t."name"))
FROM (
  SELECT (array_agg(btrim(a."nature_of_organisation") ORDER BY a."created_at", a."code"))[1] AS "name" FROM "accounts" a WHERE btrim(coalesce(a."nature_of_organisation", '')) <> '' GROUP BY lower(btrim(a."nature_of_organisation"))
) t
CROSS JOIN LATERAL (
  SELECT m."id", (SELECT coalesce(max(v."sequence"), 0) FROM "masters" v WHERE v."parent_id" = m."id") AS "top"
  FROM "masters" m WHERE m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('NATURE_OF_ORG') ORDER BY m."created_at", m."id" LIMIT 1
) p
WHERE NOT EXISTS (
  SELECT 1 FROM "masters" v JOIN "masters" m ON m."id" = v."parent_id"
  WHERE v."deleted_at" IS NULL AND m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('NATURE_OF_ORG') AND lower(v."name") = lower(t."name")
);--> statement-breakpoint
UPDATE "accounts" a SET "nature_of_organisation_id" = (
  SELECT v."id" FROM "masters" v JOIN "masters" m ON m."id" = v."parent_id"
  WHERE v."deleted_at" IS NULL AND m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('NATURE_OF_ORG') AND lower(v."name") = lower(btrim(a."nature_of_organisation"))
  ORDER BY v."is_active" DESC, m."created_at", m."id", v."sequence", v."id" LIMIT 1
)
WHERE btrim(coalesce(a."nature_of_organisation", '')) <> '';--> statement-breakpoint
INSERT INTO "masters" ("name", "code", "sequence")
SELECT 'Company size', 'COMPANY_SIZE', coalesce((SELECT max(m."sequence") FROM "masters" m WHERE m."parent_id" IS NULL), 0) + 1
WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE btrim(coalesce(a."company_size", '')) <> '')
  AND NOT EXISTS (SELECT 1 FROM "masters" m WHERE m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('COMPANY_SIZE'));--> statement-breakpoint
INSERT INTO "masters" ("name", "code", "parent_id", "sequence")
SELECT t."name",
  left(coalesce(nullif(btrim(regexp_replace(upper(t."name"), '[^A-Z0-9]+', '_', 'g'), '_'), ''), 'VALUE'), 60),
  p."id", p."top" + row_number() OVER (ORDER BY lower(t."name"))
FROM (
  SELECT (array_agg(btrim(a."company_size") ORDER BY a."created_at", a."code"))[1] AS "name" FROM "accounts" a WHERE btrim(coalesce(a."company_size", '')) <> '' GROUP BY lower(btrim(a."company_size"))
) t
CROSS JOIN LATERAL (
  SELECT m."id", (SELECT coalesce(max(v."sequence"), 0) FROM "masters" v WHERE v."parent_id" = m."id") AS "top"
  FROM "masters" m WHERE m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('COMPANY_SIZE') ORDER BY m."created_at", m."id" LIMIT 1
) p
WHERE NOT EXISTS (
  SELECT 1 FROM "masters" v JOIN "masters" m ON m."id" = v."parent_id"
  WHERE v."deleted_at" IS NULL AND m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('COMPANY_SIZE') AND lower(v."name") = lower(t."name")
);--> statement-breakpoint
UPDATE "accounts" a SET "company_size_id" = (
  SELECT v."id" FROM "masters" v JOIN "masters" m ON m."id" = v."parent_id"
  WHERE v."deleted_at" IS NULL AND m."parent_id" IS NULL AND m."deleted_at" IS NULL AND lower(m."code") = lower('COMPANY_SIZE') AND lower(v."name") = lower(btrim(a."company_size"))
  ORDER BY v."is_active" DESC, m."created_at", m."id", v."sequence", v."id" LIMIT 1
)
WHERE btrim(coalesce(a."company_size", '')) <> '';--> statement-breakpoint
UPDATE "accounts" a SET "sales_person_id" = (
  SELECT u."id" FROM "users" u
  WHERE u."deleted_at" IS NULL AND u."type" IN (1, 2, 6) AND lower(btrim(u."name")) = lower(btrim(a."sales_person"))
  ORDER BY u."is_active" DESC, u."created_at", u."id" LIMIT 1
)
WHERE btrim(coalesce(a."sales_person", '')) <> '';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_business_type_id_masters_id_fk" FOREIGN KEY ("business_type_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_nature_of_organisation_id_masters_id_fk" FOREIGN KEY ("nature_of_organisation_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_size_id_masters_id_fk" FOREIGN KEY ("company_size_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_sales_person_id_users_id_fk" FOREIGN KEY ("sales_person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_business_type_id_idx" ON "accounts" USING btree ("business_type_id");--> statement-breakpoint
CREATE INDEX "accounts_nature_of_organisation_id_idx" ON "accounts" USING btree ("nature_of_organisation_id");--> statement-breakpoint
CREATE INDEX "accounts_company_size_id_idx" ON "accounts" USING btree ("company_size_id");--> statement-breakpoint
CREATE INDEX "accounts_sales_person_id_idx" ON "accounts" USING btree ("sales_person_id");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "business_type";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "nature_of_organisation";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "company_size";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "sales_person";
