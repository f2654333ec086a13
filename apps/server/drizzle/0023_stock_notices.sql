CREATE TABLE "job_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"mark" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diamond_tracks" ADD COLUMN "told_price_per_carat" numeric(16, 2);