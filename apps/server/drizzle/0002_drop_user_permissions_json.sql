-- The permissions of the old jsonb column become the user's overrides before the column goes.
INSERT INTO "permission_entries" ("user_id", "scope", "module_id", "view", "insert", "update", "delete")
SELECT "users"."id", 'admin', (e->>'id')::integer,
  coalesce((e->'permissions'->>'view')::boolean, false),
  coalesce((e->'permissions'->>'insert')::boolean, false),
  coalesce((e->'permissions'->>'update')::boolean, false),
  coalesce((e->'permissions'->>'delete')::boolean, false)
FROM "users", jsonb_array_elements("users"."permissions") e
WHERE jsonb_typeof("users"."permissions") = 'array' AND (e->>'id') ~ '^[0-9]+$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "permissions";
