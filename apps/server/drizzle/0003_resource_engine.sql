CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"state_id" uuid,
	"country_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"phone_code" text,
	"currency" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "day_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"days" integer NOT NULL,
	"extra_percent" numeric(5, 2),
	"rap_percent" numeric(5, 2),
	"credit_limit" numeric(15, 2),
	"memo_limit" numeric(15, 2),
	"currency" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grid_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"grid" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "masters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"parent_id" uuid,
	"sequence" integer,
	"description" text,
	"image" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"show_on_web" boolean DEFAULT true NOT NULL,
	"show_in_marketing" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"group" text,
	"from_carat" numeric(7, 3) NOT NULL,
	"to_carat" numeric(7, 3) NOT NULL,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"country_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_columns" ADD CONSTRAINT "grid_columns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masters" ADD CONSTRAINT "masters_parent_id_masters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cities_state_id_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "cities_country_id_idx" ON "cities" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "cities_created_at_idx" ON "cities" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_live_key" ON "countries" USING btree (lower("code")) WHERE "countries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "countries_code_idx" ON "countries" USING btree ("code");--> statement-breakpoint
CREATE INDEX "countries_currency_idx" ON "countries" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "countries_created_at_idx" ON "countries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "day_terms_name_live_key" ON "day_terms" USING btree (lower("name")) WHERE "day_terms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "day_terms_name_idx" ON "day_terms" USING btree ("name");--> statement-breakpoint
CREATE INDEX "day_terms_code_idx" ON "day_terms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "day_terms_days_idx" ON "day_terms" USING btree ("days");--> statement-breakpoint
CREATE INDEX "day_terms_credit_limit_idx" ON "day_terms" USING btree ("credit_limit");--> statement-breakpoint
CREATE INDEX "day_terms_currency_idx" ON "day_terms" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "day_terms_created_at_idx" ON "day_terms" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grid_columns_user_grid_key" ON "grid_columns" USING btree ("user_id","grid");--> statement-breakpoint
CREATE INDEX "masters_name_idx" ON "masters" USING btree ("name");--> statement-breakpoint
CREATE INDEX "masters_code_idx" ON "masters" USING btree ("code");--> statement-breakpoint
CREATE INDEX "masters_parent_id_idx" ON "masters" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "masters_sequence_idx" ON "masters" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "masters_created_at_idx" ON "masters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sizes_name_idx" ON "sizes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sizes_group_idx" ON "sizes" USING btree ("group");--> statement-breakpoint
CREATE INDEX "sizes_from_carat_idx" ON "sizes" USING btree ("from_carat");--> statement-breakpoint
CREATE INDEX "sizes_to_carat_idx" ON "sizes" USING btree ("to_carat");--> statement-breakpoint
CREATE INDEX "sizes_sequence_idx" ON "sizes" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "sizes_created_at_idx" ON "sizes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "states_name_idx" ON "states" USING btree ("name");--> statement-breakpoint
CREATE INDEX "states_code_idx" ON "states" USING btree ("code");--> statement-breakpoint
CREATE INDEX "states_country_id_idx" ON "states" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "states_created_at_idx" ON "states" USING btree ("created_at");