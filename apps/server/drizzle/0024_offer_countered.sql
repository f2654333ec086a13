ALTER TABLE "diamond_tracks" ADD COLUMN "countered_at" timestamp with time zone;--> statement-breakpoint
-- Offers countered before the status existed stayed pending (1) with a counter price: they read countered (5), countered when answered.
UPDATE "diamond_tracks" SET "offer_status" = 5, "countered_at" = "replied_at" WHERE "track_type" = 4 AND "offer_status" = 1 AND "counter_price_per_carat" IS NOT NULL AND "deleted_at" IS NULL;
