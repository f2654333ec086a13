ALTER TABLE "stock_uploads" ADD COLUMN "duplicate_policy" text;--> statement-breakpoint
ALTER TABLE "stock_uploads" ADD COLUMN "duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL;