-- Built before the index it replaces is dropped: the build lets the stock be read, the drop does not.
CREATE INDEX "stones_arrivals_idx" ON "stones" USING btree ("marketing_issue_date","lab_id","key_to_symbol","stock_number","carat","amount","marketing_back","id") WHERE "stones"."deleted_at" is null;--> statement-breakpoint
DROP INDEX "stones_marketing_issue_date_idx";
