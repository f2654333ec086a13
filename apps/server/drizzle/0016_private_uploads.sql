ALTER TABLE "uploads" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;