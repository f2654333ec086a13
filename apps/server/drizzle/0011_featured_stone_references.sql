CREATE TABLE "diamond_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"stone_id" uuid NOT NULL,
	"remarks" text NOT NULL,
	"color" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "diamond_journey_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stone_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"event_date" date NOT NULL,
	"place" text,
	"description" text,
	"media_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "featured_stones_unmatched" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stock_number" text NOT NULL,
	"kind" text NOT NULL,
	"from_date" date,
	"to_date" date,
	"sequence" integer,
	"is_active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"set_aside_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "featured_stones_stock_number_idx";--> statement-breakpoint
ALTER TABLE "featured_stones" ADD COLUMN "stone_id" uuid;--> statement-breakpoint
-- Backfill: a featured stone recorded by stock number points at the live stone of that stock number
-- (ignoring case and spaces around it). One that matches no live stone is set aside, as it was, in
-- featured_stones_unmatched (the server warns at start while any are there; docs/featured-stones.md),
-- so that the new reference can be required without losing what was entered.
UPDATE "featured_stones" f SET "stone_id" = s."id"
FROM "stones" s
WHERE s."deleted_at" IS NULL AND lower(s."stock_number") = lower(btrim(f."stock_number"));--> statement-breakpoint
INSERT INTO "featured_stones_unmatched" ("id", "stock_number", "kind", "from_date", "to_date", "sequence", "is_active", "created_at", "updated_at", "created_by", "updated_by", "deleted_at")
SELECT "id", "stock_number", "kind", "from_date", "to_date", "sequence", "is_active", "created_at", "updated_at", "created_by", "updated_by", "deleted_at"
FROM "featured_stones" WHERE "stone_id" IS NULL;--> statement-breakpoint
DELETE FROM "featured_stones" WHERE "stone_id" IS NULL;--> statement-breakpoint
ALTER TABLE "featured_stones" ALTER COLUMN "stone_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "diamond_comments" ADD CONSTRAINT "diamond_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_comments" ADD CONSTRAINT "diamond_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_comments" ADD CONSTRAINT "diamond_comments_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_comments" ADD CONSTRAINT "diamond_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_journey_events" ADD CONSTRAINT "diamond_journey_events_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diamond_comments_user_id_created_at_idx" ON "diamond_comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "diamond_comments_stone_id_idx" ON "diamond_comments" USING btree ("stone_id");--> statement-breakpoint
CREATE INDEX "diamond_comments_account_id_idx" ON "diamond_comments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "diamond_comments_created_at_idx" ON "diamond_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "diamond_journey_events_stone_id_idx" ON "diamond_journey_events" USING btree ("stone_id");--> statement-breakpoint
CREATE INDEX "diamond_journey_events_stage_idx" ON "diamond_journey_events" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "diamond_journey_events_event_date_idx" ON "diamond_journey_events" USING btree ("event_date");--> statement-breakpoint
CREATE INDEX "diamond_journey_events_created_at_idx" ON "diamond_journey_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "featured_stones" ADD CONSTRAINT "featured_stones_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "featured_stones_stone_id_idx" ON "featured_stones" USING btree ("stone_id");--> statement-breakpoint
ALTER TABLE "featured_stones" DROP COLUMN "stock_number";