CREATE TABLE "login_user_daily" (
	"day" date NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"sign_ins" integer NOT NULL,
	"failures" integer NOT NULL,
	"first_sign_in_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_user_daily" ADD CONSTRAINT "login_user_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_user_daily_day_idx" ON "login_user_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "login_user_daily_user_id_day_idx" ON "login_user_daily" USING btree ("user_id","day");--> statement-breakpoint
-- The days already rolled up, a user and day at a time, from the finer roll-up (their log may be pruned).
INSERT INTO "login_user_daily" ("day", "user_id", "username", "sign_ins", "failures", "first_sign_in_at", "last_sign_in_at", "last_failure_at")
SELECT "day", "user_id", min("username"),
	coalesce(sum("attempts") FILTER (WHERE "outcome" = 'signIn'), 0)::int,
	coalesce(sum("attempts") FILTER (WHERE "outcome" = 'failure'), 0)::int,
	min("first_at") FILTER (WHERE "outcome" = 'signIn'),
	max("last_at") FILTER (WHERE "outcome" = 'signIn'),
	max("last_at") FILTER (WHERE "outcome" = 'failure')
FROM "login_daily"
GROUP BY "day", "user_id", CASE WHEN "user_id" IS NULL THEN "username" END;
