CREATE TABLE "last_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"sequence" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"last_status" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"received_count" integer,
	"created_count" integer,
	"updated_count" integer,
	"unchanged_count" integer,
	"rejected_count" integer,
	"last_message" text,
	"last_run_by" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_upload_rows" (
	"job_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"stock_number" text,
	"stock_key" text,
	"certificate_key" text,
	"outcome" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"values" jsonb,
	"stone_id" uuid,
	CONSTRAINT "stock_upload_rows_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "stock_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_format" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"mode" text NOT NULL,
	"keep_good_rows" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instance_key" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stone_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"search_type" smallint DEFAULT 1 NOT NULL,
	"body" jsonb NOT NULL,
	"result_count" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stock_number" text NOT NULL,
	"certificate_number" text,
	"lab_id" uuid,
	"report_date" date,
	"status" text NOT NULL,
	"shape_id" uuid,
	"carat" numeric(7, 3) NOT NULL,
	"color_id" uuid,
	"fancy_color" uuid,
	"fancy_color_intensity" uuid,
	"fancy_color_overtone" uuid,
	"clarity_id" uuid,
	"cut_id" uuid,
	"polish_id" uuid,
	"symmetry_id" uuid,
	"fluorescence_id" uuid,
	"fluorescence_color_id" uuid,
	"color_shade_id" uuid,
	"milkey_id" uuid,
	"eye_clean_id" uuid,
	"h_and_a_id" uuid,
	"length" numeric(5, 2),
	"width" numeric(5, 2),
	"depth" numeric(5, 2),
	"diameter_min" numeric(5, 2),
	"diameter_max" numeric(5, 2),
	"ratio" numeric(4, 2),
	"total_depth" numeric(5, 2),
	"table_per" numeric(5, 2),
	"crown_height" numeric(5, 2),
	"c_angle" numeric(4, 2),
	"pavilion_depth" numeric(5, 2),
	"p_angle" numeric(4, 2),
	"star_length" numeric(5, 2),
	"lower_half" numeric(5, 2),
	"girdle_per" numeric(5, 2),
	"girdle_thin_id" uuid,
	"girdle_thick_id" uuid,
	"girdle_condition_id" uuid,
	"culet_id" uuid,
	"culet_condition_id" uuid,
	"key_to_symbol" text[] DEFAULT '{}'::text[] NOT NULL,
	"lab_comment" text,
	"laser_inscription" text,
	"black_inclusion_table_id" uuid,
	"black_inclusion_side_id" uuid,
	"black_inclusion_crown_id" uuid,
	"white_inclusion_table_id" uuid,
	"white_inclusion_side_id" uuid,
	"white_inclusion_crown_id" uuid,
	"open_inclusion_table_id" uuid,
	"open_inclusion_crown_id" uuid,
	"open_inclusion_pavilion_id" uuid,
	"open_inclusion_girdle_id" uuid,
	"rough_origin_id" uuid,
	"mine" text,
	"treatment" text,
	"is_type_i_ia" boolean DEFAULT false NOT NULL,
	"is_canada_mark" boolean DEFAULT false NOT NULL,
	"location_id" uuid,
	"marketing_issue_date" date,
	"pair_stock_number" text,
	"show_id_name" uuid,
	"show_sr_no" integer,
	"rap_price" numeric(10, 2),
	"marketing_back" numeric(6, 2),
	"marketing_price_per_carat" numeric(11, 2),
	"amount" numeric(15, 2),
	"image_url" text,
	"video_url" text,
	"certificate_url" text,
	"hearts_image_url" text,
	"arrows_image_url" text,
	"external_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_upload_rows" ADD CONSTRAINT "stock_upload_rows_job_id_stock_uploads_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."stock_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD CONSTRAINT "stock_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stone_searches" ADD CONSTRAINT "stone_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_lab_id_masters_id_fk" FOREIGN KEY ("lab_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_shape_id_masters_id_fk" FOREIGN KEY ("shape_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_color_id_masters_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_fancy_color_masters_id_fk" FOREIGN KEY ("fancy_color") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_fancy_color_intensity_masters_id_fk" FOREIGN KEY ("fancy_color_intensity") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_fancy_color_overtone_masters_id_fk" FOREIGN KEY ("fancy_color_overtone") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_clarity_id_masters_id_fk" FOREIGN KEY ("clarity_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_cut_id_masters_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_polish_id_masters_id_fk" FOREIGN KEY ("polish_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_symmetry_id_masters_id_fk" FOREIGN KEY ("symmetry_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_fluorescence_id_masters_id_fk" FOREIGN KEY ("fluorescence_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_fluorescence_color_id_masters_id_fk" FOREIGN KEY ("fluorescence_color_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_color_shade_id_masters_id_fk" FOREIGN KEY ("color_shade_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_milkey_id_masters_id_fk" FOREIGN KEY ("milkey_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_eye_clean_id_masters_id_fk" FOREIGN KEY ("eye_clean_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_h_and_a_id_masters_id_fk" FOREIGN KEY ("h_and_a_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_girdle_thin_id_masters_id_fk" FOREIGN KEY ("girdle_thin_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_girdle_thick_id_masters_id_fk" FOREIGN KEY ("girdle_thick_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_girdle_condition_id_masters_id_fk" FOREIGN KEY ("girdle_condition_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_culet_id_masters_id_fk" FOREIGN KEY ("culet_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_culet_condition_id_masters_id_fk" FOREIGN KEY ("culet_condition_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_black_inclusion_table_id_masters_id_fk" FOREIGN KEY ("black_inclusion_table_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_black_inclusion_side_id_masters_id_fk" FOREIGN KEY ("black_inclusion_side_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_black_inclusion_crown_id_masters_id_fk" FOREIGN KEY ("black_inclusion_crown_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_white_inclusion_table_id_masters_id_fk" FOREIGN KEY ("white_inclusion_table_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_white_inclusion_side_id_masters_id_fk" FOREIGN KEY ("white_inclusion_side_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_white_inclusion_crown_id_masters_id_fk" FOREIGN KEY ("white_inclusion_crown_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_open_inclusion_table_id_masters_id_fk" FOREIGN KEY ("open_inclusion_table_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_open_inclusion_crown_id_masters_id_fk" FOREIGN KEY ("open_inclusion_crown_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_open_inclusion_pavilion_id_masters_id_fk" FOREIGN KEY ("open_inclusion_pavilion_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_open_inclusion_girdle_id_masters_id_fk" FOREIGN KEY ("open_inclusion_girdle_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_rough_origin_id_masters_id_fk" FOREIGN KEY ("rough_origin_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_location_id_masters_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stones" ADD CONSTRAINT "stones_show_id_name_news_events_id_fk" FOREIGN KEY ("show_id_name") REFERENCES "public"."news_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "last_syncs_entity_live_key" ON "last_syncs" USING btree ("entity") WHERE "last_syncs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "last_syncs_entity_idx" ON "last_syncs" USING btree ("entity");--> statement-breakpoint
CREATE INDEX "last_syncs_sequence_idx" ON "last_syncs" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "last_syncs_last_status_idx" ON "last_syncs" USING btree ("last_status");--> statement-breakpoint
CREATE INDEX "last_syncs_last_run_at_idx" ON "last_syncs" USING btree ("last_run_at");--> statement-breakpoint
CREATE INDEX "last_syncs_last_synced_at_idx" ON "last_syncs" USING btree ("last_synced_at");--> statement-breakpoint
CREATE INDEX "last_syncs_created_at_idx" ON "last_syncs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_upload_rows_job_id_stock_key_idx" ON "stock_upload_rows" USING btree ("job_id","stock_key");--> statement-breakpoint
CREATE INDEX "stock_upload_rows_job_id_outcome_idx" ON "stock_upload_rows" USING btree ("job_id","outcome") WHERE "stock_upload_rows"."outcome" not in ('accepted', 'updated');--> statement-breakpoint
CREATE INDEX "stock_uploads_created_at_idx" ON "stock_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_uploads_state_idx" ON "stock_uploads" USING btree ("state");--> statement-breakpoint
CREATE INDEX "stone_searches_created_at_idx" ON "stone_searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stone_searches_user_id_created_at_idx" ON "stone_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stones_stock_number_live_key" ON "stones" USING btree (lower("stock_number")) WHERE "stones"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stones_stock_number_idx" ON "stones" USING btree ("stock_number");--> statement-breakpoint
CREATE INDEX "stones_certificate_number_idx" ON "stones" USING btree ("certificate_number");--> statement-breakpoint
CREATE INDEX "stones_lab_id_idx" ON "stones" USING btree ("lab_id");--> statement-breakpoint
CREATE INDEX "stones_status_idx" ON "stones" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stones_shape_id_idx" ON "stones" USING btree ("shape_id");--> statement-breakpoint
CREATE INDEX "stones_carat_idx" ON "stones" USING btree ("carat");--> statement-breakpoint
CREATE INDEX "stones_color_id_idx" ON "stones" USING btree ("color_id");--> statement-breakpoint
CREATE INDEX "stones_clarity_id_idx" ON "stones" USING btree ("clarity_id");--> statement-breakpoint
CREATE INDEX "stones_cut_id_idx" ON "stones" USING btree ("cut_id");--> statement-breakpoint
CREATE INDEX "stones_polish_id_idx" ON "stones" USING btree ("polish_id");--> statement-breakpoint
CREATE INDEX "stones_symmetry_id_idx" ON "stones" USING btree ("symmetry_id");--> statement-breakpoint
CREATE INDEX "stones_fluorescence_id_idx" ON "stones" USING btree ("fluorescence_id");--> statement-breakpoint
CREATE INDEX "stones_diameter_min_idx" ON "stones" USING btree ("diameter_min");--> statement-breakpoint
CREATE INDEX "stones_diameter_max_idx" ON "stones" USING btree ("diameter_max");--> statement-breakpoint
CREATE INDEX "stones_ratio_idx" ON "stones" USING btree ("ratio");--> statement-breakpoint
CREATE INDEX "stones_total_depth_idx" ON "stones" USING btree ("total_depth");--> statement-breakpoint
CREATE INDEX "stones_table_per_idx" ON "stones" USING btree ("table_per");--> statement-breakpoint
CREATE INDEX "stones_c_angle_idx" ON "stones" USING btree ("c_angle");--> statement-breakpoint
CREATE INDEX "stones_p_angle_idx" ON "stones" USING btree ("p_angle");--> statement-breakpoint
CREATE INDEX "stones_girdle_per_idx" ON "stones" USING btree ("girdle_per");--> statement-breakpoint
CREATE INDEX "stones_key_to_symbol_idx" ON "stones" USING gin ("key_to_symbol");--> statement-breakpoint
CREATE INDEX "stones_location_id_idx" ON "stones" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "stones_marketing_issue_date_idx" ON "stones" USING btree ("marketing_issue_date");--> statement-breakpoint
CREATE INDEX "stones_show_id_name_idx" ON "stones" USING btree ("show_id_name");--> statement-breakpoint
CREATE INDEX "stones_show_sr_no_idx" ON "stones" USING btree ("show_sr_no");--> statement-breakpoint
CREATE INDEX "stones_marketing_back_idx" ON "stones" USING btree ("marketing_back");--> statement-breakpoint
CREATE INDEX "stones_marketing_price_per_carat_idx" ON "stones" USING btree ("marketing_price_per_carat");--> statement-breakpoint
CREATE INDEX "stones_amount_idx" ON "stones" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "stones_external_id_idx" ON "stones" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "stones_certificate_number_lower_idx" ON "stones" USING btree (lower("certificate_number"));--> statement-breakpoint
CREATE INDEX "stones_four_c_idx" ON "stones" USING btree ("shape_id","color_id","clarity_id","carat","marketing_price_per_carat","marketing_back","amount","id") WHERE "stones"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stones_created_at_idx" ON "stones" USING btree ("created_at");