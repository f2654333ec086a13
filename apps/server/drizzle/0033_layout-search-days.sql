CREATE TABLE "layout_search_days" (
	"day" date NOT NULL,
	"layout_master_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"searches" integer NOT NULL,
	"zero_result_searches" integer NOT NULL,
	"result_sum" bigint NOT NULL,
	"last_search_at" timestamp with time zone NOT NULL,
	CONSTRAINT "layout_search_days_day_layout_master_id_user_id_pk" PRIMARY KEY("day","layout_master_id","user_id")
);
