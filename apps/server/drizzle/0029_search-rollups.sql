CREATE TABLE "four_c_search_days" (
	"day" date NOT NULL,
	"search_type" smallint NOT NULL,
	"shape_id" uuid NOT NULL,
	"carat_bracket" smallint NOT NULL,
	"color_id" uuid NOT NULL,
	"clarity_id" uuid NOT NULL,
	"searches" integer NOT NULL,
	"per_shape" double precision NOT NULL,
	"per_bracket" double precision NOT NULL,
	"per_both" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_day_totals" (
	"day" date NOT NULL,
	"search_type" smallint NOT NULL,
	"searches" integer NOT NULL,
	"searchers" integer NOT NULL,
	"zero_result_searches" integer NOT NULL,
	"results_sum" bigint NOT NULL,
	CONSTRAINT "search_day_totals_day_search_type_pk" PRIMARY KEY("day","search_type")
);
--> statement-breakpoint
CREATE TABLE "search_dimension_days" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"search_type" smallint NOT NULL,
	"value_id" text,
	"searches" integer NOT NULL,
	"zero_result_searches" integer NOT NULL,
	"results_sum" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stone_sales" (
	"stone_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"reason" smallint NOT NULL,
	"shape_id" uuid,
	"carat" numeric(10, 3),
	"color_id" uuid,
	"clarity_id" uuid
);
--> statement-breakpoint
CREATE INDEX "four_c_search_days_read_idx" ON "four_c_search_days" USING btree ("shape_id","carat_bracket","day","search_type","color_id","clarity_id","searches","per_shape","per_bracket","per_both");--> statement-breakpoint
CREATE INDEX "four_c_search_days_day_idx" ON "four_c_search_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "search_dimension_days_read_idx" ON "search_dimension_days" USING btree ("dimension","day","search_type","value_id","searches","zero_result_searches","results_sum");--> statement-breakpoint
CREATE INDEX "stone_sales_shape_day_idx" ON "stone_sales" USING btree ("shape_id","day","carat","color_id","clarity_id");--> statement-breakpoint
CREATE INDEX "stone_sales_day_idx" ON "stone_sales" USING btree ("day");