CREATE TABLE "page_visit_daily" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_visit_daily_day_page_device_pk" PRIMARY KEY("day","page","device")
);
--> statement-breakpoint
CREATE TABLE "page_visit_pace" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"visits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"report" text NOT NULL,
	"action" text NOT NULL,
	"format" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_visit_pace" ADD CONSTRAINT "page_visit_pace_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_logs" ADD CONSTRAINT "report_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_logs_report_at_idx" ON "report_logs" USING btree ("report","at");