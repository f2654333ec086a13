CREATE TABLE "layout_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"body" jsonb NOT NULL,
	"layout_master_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"result_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "layout_searches" ADD CONSTRAINT "layout_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layout_searches_created_at_idx" ON "layout_searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "layout_searches_user_id_created_at_idx" ON "layout_searches" USING btree ("user_id","created_at");