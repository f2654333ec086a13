CREATE TABLE "login_daily" (
	"day" date NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"device" text NOT NULL,
	"outcome" text NOT NULL,
	"attempts" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_logs" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "login_daily" ADD CONSTRAINT "login_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_daily_day_idx" ON "login_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "login_daily_user_id_day_idx" ON "login_daily" USING btree ("user_id","day");