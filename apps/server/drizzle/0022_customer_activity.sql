CREATE SEQUENCE "public"."enquiry_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "diamond_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_type" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"stone_id" uuid NOT NULL,
	"price_per_carat" numeric(16, 2),
	"discount" numeric(8, 2),
	"amount" numeric(16, 2),
	"remarks" text,
	"reminder_date" timestamp with time zone,
	"enquiry_number" text,
	"device" text,
	"offer_price_per_carat" numeric(16, 2),
	"offer_status" smallint,
	"valid_until" timestamp with time zone,
	"counter_price_per_carat" numeric(16, 2),
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"notified_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stone_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" smallint NOT NULL,
	"state" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"stone_id" uuid NOT NULL,
	"previous_status" text NOT NULL,
	"remarks" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"device" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stone_demand_matches" (
	"demand_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stone_demand_matches_demand_id_stone_id_pk" PRIMARY KEY("demand_id","stone_id")
);
--> statement-breakpoint
CREATE TABLE "stone_demands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"matched_up_to" timestamp with time zone DEFAULT now() NOT NULL,
	"last_match_count" integer,
	"last_notified_at" timestamp with time zone,
	"expiry_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "diamond_tracks" ADD CONSTRAINT "diamond_tracks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_tracks" ADD CONSTRAINT "diamond_tracks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_tracks" ADD CONSTRAINT "diamond_tracks_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_tracks" ADD CONSTRAINT "diamond_tracks_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diamond_tracks" ADD CONSTRAINT "diamond_tracks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_blocks" ADD CONSTRAINT "stone_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_blocks" ADD CONSTRAINT "stone_blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_blocks" ADD CONSTRAINT "stone_blocks_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_blocks" ADD CONSTRAINT "stone_blocks_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_blocks" ADD CONSTRAINT "stone_blocks_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_blocks" ADD CONSTRAINT "stone_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_demand_matches" ADD CONSTRAINT "stone_demand_matches_demand_id_stone_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."stone_demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_demand_matches" ADD CONSTRAINT "stone_demand_matches_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_demands" ADD CONSTRAINT "stone_demands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_demands" ADD CONSTRAINT "stone_demands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_tracks_once_per_stone_idx" ON "diamond_tracks" USING btree ("user_id","track_type","stone_id") WHERE "diamond_tracks"."deleted_at" is null and "diamond_tracks"."track_type" in (1, 2, 5);--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_tracks_pending_offer_idx" ON "diamond_tracks" USING btree ("user_id","stone_id") WHERE "diamond_tracks"."deleted_at" is null and "diamond_tracks"."track_type" = 4 and "diamond_tracks"."offer_status" = 1;--> statement-breakpoint
CREATE INDEX "diamond_tracks_enquiry_number_idx" ON "diamond_tracks" USING btree ("enquiry_number");--> statement-breakpoint
CREATE INDEX "diamond_tracks_type_created_at_idx" ON "diamond_tracks" USING btree ("track_type","created_at");--> statement-breakpoint
CREATE INDEX "diamond_tracks_user_id_idx" ON "diamond_tracks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "diamond_tracks_account_id_idx" ON "diamond_tracks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "diamond_tracks_stone_id_idx" ON "diamond_tracks" USING btree ("stone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stone_blocks_one_live_idx" ON "stone_blocks" USING btree ("stone_id") WHERE "stone_blocks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "stone_blocks_live_expires_at_idx" ON "stone_blocks" USING btree ("expires_at") WHERE "stone_blocks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "stone_blocks_user_id_idx" ON "stone_blocks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stone_blocks_account_id_idx" ON "stone_blocks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "stone_demands_user_id_idx" ON "stone_demands" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stone_demands_live_idx" ON "stone_demands" USING btree ("expires_at") WHERE "stone_demands"."deleted_at" is null;