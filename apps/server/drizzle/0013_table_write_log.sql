CREATE TABLE "table_writes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "table_writes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_name" text NOT NULL,
	"writes" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "table_writes_table_name_idx" ON "table_writes" USING btree ("table_name");--> statement-breakpoint
-- Written by hand (drizzle-kit declares no triggers): every statement writing a counted table logs one
-- write in its own transaction, whichever code path it comes from (the engine, stock uploads, syncs,
-- layout reprices, SQL by hand). See apps/server/src/resources/write-version.ts.
CREATE FUNCTION "log_table_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "table_writes" ("table_name") VALUES (TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stones_log_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stones"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_table_write"();
