CREATE TABLE "non_cert_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"non_cert_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"shape_id" uuid NOT NULL,
	"size_id" uuid,
	"carat_from" numeric(7, 3) NOT NULL,
	"carat_to" numeric(7, 3) NOT NULL,
	"color_from_id" uuid,
	"color_to_id" uuid,
	"clarity_from_id" uuid,
	"clarity_to_id" uuid,
	"pieces" integer,
	"carats" numeric(10, 3) NOT NULL,
	"price_per_carat" numeric(10, 2) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"remarks" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "non_cert_diamonds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"non_cert_id" uuid NOT NULL,
	"stock_number" text NOT NULL,
	"shape_id" uuid NOT NULL,
	"carat" numeric(7, 3) NOT NULL,
	"color_id" uuid,
	"clarity_id" uuid,
	"cut_id" uuid,
	"polish_id" uuid,
	"symmetry_id" uuid,
	"fluorescence_id" uuid,
	"length" numeric(5, 2),
	"width" numeric(5, 2),
	"depth" numeric(5, 2),
	"price_per_carat" numeric(10, 2),
	"amount" numeric(15, 2),
	"remarks" text,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "non_cert_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"shape_id" uuid,
	"date" date,
	"description" text,
	"grading_note" text,
	"total_pieces" integer,
	"total_carats" numeric(13, 3),
	"total_amount" numeric(17, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_non_cert_id_non_cert_lots_id_fk" FOREIGN KEY ("non_cert_id") REFERENCES "public"."non_cert_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_shape_id_masters_id_fk" FOREIGN KEY ("shape_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_color_from_id_masters_id_fk" FOREIGN KEY ("color_from_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_color_to_id_masters_id_fk" FOREIGN KEY ("color_to_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_clarity_from_id_masters_id_fk" FOREIGN KEY ("clarity_from_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_criteria" ADD CONSTRAINT "non_cert_criteria_clarity_to_id_masters_id_fk" FOREIGN KEY ("clarity_to_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_non_cert_id_non_cert_lots_id_fk" FOREIGN KEY ("non_cert_id") REFERENCES "public"."non_cert_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_shape_id_masters_id_fk" FOREIGN KEY ("shape_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_color_id_masters_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_clarity_id_masters_id_fk" FOREIGN KEY ("clarity_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_cut_id_masters_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_polish_id_masters_id_fk" FOREIGN KEY ("polish_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_symmetry_id_masters_id_fk" FOREIGN KEY ("symmetry_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_diamonds" ADD CONSTRAINT "non_cert_diamonds_fluorescence_id_masters_id_fk" FOREIGN KEY ("fluorescence_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_cert_lots" ADD CONSTRAINT "non_cert_lots_shape_id_masters_id_fk" FOREIGN KEY ("shape_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "non_cert_criteria_lot_line_key" ON "non_cert_criteria" USING btree ("non_cert_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "non_cert_diamonds_stock_number_live_key" ON "non_cert_diamonds" USING btree (lower("stock_number")) WHERE "non_cert_diamonds"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_non_cert_id_idx" ON "non_cert_diamonds" USING btree ("non_cert_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_stock_number_idx" ON "non_cert_diamonds" USING btree ("stock_number");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_shape_id_idx" ON "non_cert_diamonds" USING btree ("shape_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_carat_idx" ON "non_cert_diamonds" USING btree ("carat");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_color_id_idx" ON "non_cert_diamonds" USING btree ("color_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_clarity_id_idx" ON "non_cert_diamonds" USING btree ("clarity_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_cut_id_idx" ON "non_cert_diamonds" USING btree ("cut_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_polish_id_idx" ON "non_cert_diamonds" USING btree ("polish_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_symmetry_id_idx" ON "non_cert_diamonds" USING btree ("symmetry_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_fluorescence_id_idx" ON "non_cert_diamonds" USING btree ("fluorescence_id");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_price_per_carat_idx" ON "non_cert_diamonds" USING btree ("price_per_carat");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_amount_idx" ON "non_cert_diamonds" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "non_cert_diamonds_created_at_idx" ON "non_cert_diamonds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "non_cert_lots_number_live_key" ON "non_cert_lots" USING btree (lower("number")) WHERE "non_cert_lots"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "non_cert_lots_number_idx" ON "non_cert_lots" USING btree ("number");--> statement-breakpoint
CREATE INDEX "non_cert_lots_name_idx" ON "non_cert_lots" USING btree ("name");--> statement-breakpoint
CREATE INDEX "non_cert_lots_shape_id_idx" ON "non_cert_lots" USING btree ("shape_id");--> statement-breakpoint
CREATE INDEX "non_cert_lots_date_idx" ON "non_cert_lots" USING btree ("date");--> statement-breakpoint
CREATE INDEX "non_cert_lots_total_carats_idx" ON "non_cert_lots" USING btree ("total_carats");--> statement-breakpoint
CREATE INDEX "non_cert_lots_total_amount_idx" ON "non_cert_lots" USING btree ("total_amount");--> statement-breakpoint
CREATE INDEX "non_cert_lots_created_at_idx" ON "non_cert_lots" USING btree ("created_at");