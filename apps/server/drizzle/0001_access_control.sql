CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"subject_user_id" uuid,
	"actor_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_id" uuid,
	"user_id" uuid,
	"scope" text NOT NULL,
	"module_id" integer NOT NULL,
	"view" boolean DEFAULT false NOT NULL,
	"insert" boolean DEFAULT false NOT NULL,
	"update" boolean DEFAULT false NOT NULL,
	"delete" boolean DEFAULT false NOT NULL,
	"upload_excel" boolean DEFAULT false NOT NULL,
	"download_excel" boolean DEFAULT false NOT NULL,
	"mail_excel" boolean DEFAULT false NOT NULL,
	"print_pdf" boolean DEFAULT false NOT NULL,
	CONSTRAINT "permission_entries_one_target" CHECK (("permission_entries"."role_id" is null) <> ("permission_entries"."user_id" is null)),
	CONSTRAINT "permission_entries_scope_check" CHECK ("permission_entries"."scope" in ('admin', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"scope" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"permissions_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_scope_check" CHECK ("roles"."scope" in ('admin', 'customer'))
);
--> statement-breakpoint
DROP INDEX "users_username_lower_key";--> statement-breakpoint
DROP INDEX "users_primary_email_lower_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "emails_lower" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "designation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissions_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_entries" ADD CONSTRAINT "permission_entries_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_entries" ADD CONSTRAINT "permission_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_subject_user_id_created_at_idx" ON "audit_logs" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_id_created_at_idx" ON "audit_logs" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_created_at_idx" ON "audit_logs" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_entries_role_key" ON "permission_entries" USING btree ("role_id","scope","module_id") WHERE "permission_entries"."role_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "permission_entries_user_key" ON "permission_entries" USING btree ("user_id","scope","module_id") WHERE "permission_entries"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_lower_key" ON "roles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_emails_lower_idx" ON "users" USING gin ("emails_lower");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_account_id_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree ("username_lower") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_primary_email_lower_key" ON "users" USING btree ("primary_email_lower") WHERE "users"."primary_email_lower" is not null and "users"."deleted_at" is null;--> statement-breakpoint
-- Existing users: every e-mail lowercased for the uniqueness check.
UPDATE "users" SET "emails_lower" = coalesce((SELECT array_agg(lower(e->>'value')) FROM jsonb_array_elements("users"."emails") e), '{}'::text[]);