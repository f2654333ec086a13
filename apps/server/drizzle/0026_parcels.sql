CREATE SEQUENCE "public"."parcel_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "parcel_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sieve_group_id" uuid NOT NULL,
	"quality_band_id" uuid NOT NULL,
	"pieces" integer,
	"carats" numeric(12, 3),
	"price_per_carat" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2),
	CONSTRAINT "parcel_order_lines_quantity_check" CHECK ("parcel_order_lines"."pieces" > 0 or "parcel_order_lines"."carats" > 0),
	CONSTRAINT "parcel_order_lines_price_check" CHECK ("parcel_order_lines"."price_per_carat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parcel_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"order_date" date NOT NULL,
	"price_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"notes" text,
	"total_pieces" integer,
	"total_carats" numeric(14, 3),
	"total_amount" numeric(16, 2),
	"status_changed_at" timestamp with time zone,
	"status_changed_by" uuid,
	"status_remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_orders_orderNumber_unique" UNIQUE("order_number"),
	CONSTRAINT "parcel_orders_status_check" CHECK ("parcel_orders"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "parcel_price_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_date" date NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_price_sheets_priceDate_unique" UNIQUE("price_date")
);
--> statement-breakpoint
CREATE TABLE "parcel_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_date" date NOT NULL,
	"sieve_group_id" uuid NOT NULL,
	"quality_band_id" uuid NOT NULL,
	"price_per_carat" numeric(16, 2) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_prices_price_check" CHECK ("parcel_prices"."price_per_carat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parcel_quality_bands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"colour_from" text NOT NULL,
	"colour_to" text NOT NULL,
	"clarity_from" text NOT NULL,
	"clarity_to" text NOT NULL,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sieve_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"from_sieve" text,
	"to_sieve" text,
	"from_carat" numeric(5, 3) NOT NULL,
	"to_carat" numeric(5, 3) NOT NULL,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parcel_order_lines" ADD CONSTRAINT "parcel_order_lines_order_id_parcel_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."parcel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_order_lines" ADD CONSTRAINT "parcel_order_lines_sieve_group_id_sieve_groups_id_fk" FOREIGN KEY ("sieve_group_id") REFERENCES "public"."sieve_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_order_lines" ADD CONSTRAINT "parcel_order_lines_quality_band_id_parcel_quality_bands_id_fk" FOREIGN KEY ("quality_band_id") REFERENCES "public"."parcel_quality_bands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_orders" ADD CONSTRAINT "parcel_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_orders" ADD CONSTRAINT "parcel_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_orders" ADD CONSTRAINT "parcel_orders_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_price_sheets" ADD CONSTRAINT "parcel_price_sheets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_prices" ADD CONSTRAINT "parcel_prices_price_date_parcel_price_sheets_price_date_fk" FOREIGN KEY ("price_date") REFERENCES "public"."parcel_price_sheets"("price_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_prices" ADD CONSTRAINT "parcel_prices_sieve_group_id_sieve_groups_id_fk" FOREIGN KEY ("sieve_group_id") REFERENCES "public"."sieve_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_prices" ADD CONSTRAINT "parcel_prices_quality_band_id_parcel_quality_bands_id_fk" FOREIGN KEY ("quality_band_id") REFERENCES "public"."parcel_quality_bands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_prices" ADD CONSTRAINT "parcel_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_order_lines_order_idx" ON "parcel_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "parcel_orders_status_date_idx" ON "parcel_orders" USING btree ("status","order_date");--> statement-breakpoint
CREATE INDEX "parcel_orders_user_idx" ON "parcel_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "parcel_orders_account_idx" ON "parcel_orders" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_prices_cell_idx" ON "parcel_prices" USING btree ("price_date","sieve_group_id","quality_band_id");--> statement-breakpoint
CREATE INDEX "parcel_prices_history_idx" ON "parcel_prices" USING btree ("sieve_group_id","quality_band_id","price_date");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_quality_bands_name_live_key" ON "parcel_quality_bands" USING btree (lower("name") text_pattern_ops) WHERE "parcel_quality_bands"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcel_quality_bands_name_idx" ON "parcel_quality_bands" USING btree ("name");--> statement-breakpoint
CREATE INDEX "parcel_quality_bands_sequence_idx" ON "parcel_quality_bands" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "parcel_quality_bands_created_at_idx" ON "parcel_quality_bands" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sieve_groups_name_live_key" ON "sieve_groups" USING btree (lower("name") text_pattern_ops) WHERE "sieve_groups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sieve_groups_name_idx" ON "sieve_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sieve_groups_from_carat_idx" ON "sieve_groups" USING btree ("from_carat");--> statement-breakpoint
CREATE INDEX "sieve_groups_to_carat_idx" ON "sieve_groups" USING btree ("to_carat");--> statement-breakpoint
CREATE INDEX "sieve_groups_sequence_idx" ON "sieve_groups" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "sieve_groups_created_at_idx" ON "sieve_groups" USING btree ("created_at");