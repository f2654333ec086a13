CREATE TABLE "layout_masters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"shape_id" uuid,
	"color_from_id" uuid,
	"color_to_id" uuid,
	"clarity_from_id" uuid,
	"clarity_to_id" uuid,
	"size_id" uuid,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "layout_stones" (
	"layout_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layout_stones_layout_id_stone_id_pk" PRIMARY KEY("layout_id","stone_id")
);
--> statement-breakpoint
CREATE TABLE "layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"layout_number" text NOT NULL,
	"name" text NOT NULL,
	"layout_master_id" uuid,
	"description" text,
	"remarks" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "layout_masters" ADD CONSTRAINT "layout_masters_shape_id_masters_id_fk" FOREIGN KEY ("shape_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_masters" ADD CONSTRAINT "layout_masters_color_from_id_masters_id_fk" FOREIGN KEY ("color_from_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_masters" ADD CONSTRAINT "layout_masters_color_to_id_masters_id_fk" FOREIGN KEY ("color_to_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_masters" ADD CONSTRAINT "layout_masters_clarity_from_id_masters_id_fk" FOREIGN KEY ("clarity_from_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_masters" ADD CONSTRAINT "layout_masters_clarity_to_id_masters_id_fk" FOREIGN KEY ("clarity_to_id") REFERENCES "public"."masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_masters" ADD CONSTRAINT "layout_masters_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_stones" ADD CONSTRAINT "layout_stones_layout_id_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_stones" ADD CONSTRAINT "layout_stones_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_stones" ADD CONSTRAINT "layout_stones_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_layout_master_id_layout_masters_id_fk" FOREIGN KEY ("layout_master_id") REFERENCES "public"."layout_masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "layout_masters_code_live_key" ON "layout_masters" USING btree (lower("code")) WHERE "layout_masters"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "layout_masters_name_idx" ON "layout_masters" USING btree ("name");--> statement-breakpoint
CREATE INDEX "layout_masters_code_idx" ON "layout_masters" USING btree ("code");--> statement-breakpoint
CREATE INDEX "layout_masters_shape_id_idx" ON "layout_masters" USING btree ("shape_id");--> statement-breakpoint
CREATE INDEX "layout_masters_color_from_id_idx" ON "layout_masters" USING btree ("color_from_id");--> statement-breakpoint
CREATE INDEX "layout_masters_color_to_id_idx" ON "layout_masters" USING btree ("color_to_id");--> statement-breakpoint
CREATE INDEX "layout_masters_clarity_from_id_idx" ON "layout_masters" USING btree ("clarity_from_id");--> statement-breakpoint
CREATE INDEX "layout_masters_clarity_to_id_idx" ON "layout_masters" USING btree ("clarity_to_id");--> statement-breakpoint
CREATE INDEX "layout_masters_size_id_idx" ON "layout_masters" USING btree ("size_id");--> statement-breakpoint
CREATE INDEX "layout_masters_sequence_idx" ON "layout_masters" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "layout_masters_created_at_idx" ON "layout_masters" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "layout_stones_stone_id_key" ON "layout_stones" USING btree ("stone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "layouts_layout_number_live_key" ON "layouts" USING btree (lower("layout_number")) WHERE "layouts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "layouts_layout_master_id_idx" ON "layouts" USING btree ("layout_master_id");--> statement-breakpoint
CREATE INDEX "layouts_created_at_idx" ON "layouts" USING btree ("created_at");