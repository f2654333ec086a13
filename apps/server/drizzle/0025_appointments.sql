CREATE SEQUENCE "public"."appointment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "appointment_stones" (
	"appointment_id" uuid NOT NULL,
	"stone_id" uuid NOT NULL,
	CONSTRAINT "appointment_stones_appointment_id_stone_id_pk" PRIMARY KEY("appointment_id","stone_id")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"cabin_id" uuid NOT NULL,
	"slot_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"purpose" text NOT NULL,
	"meeting_type" smallint NOT NULL,
	"notes" text,
	"status" smallint NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"cancel_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_appointmentNumber_unique" UNIQUE("appointment_number")
);
--> statement-breakpoint
CREATE TABLE "cabins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location_id" uuid NOT NULL,
	"capacity" integer NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cabin_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cabin_id" uuid NOT NULL,
	"week_day" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
-- Locations already stored read UTC until staff choose their zone; new ones name it (no default kept).
ALTER TABLE "locations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "time_zone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "appointment_stones" ADD CONSTRAINT "appointment_stones_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_stones" ADD CONSTRAINT "appointment_stones_stone_id_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."stones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_cabin_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."cabin_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_slots" ADD CONSTRAINT "cabin_slots_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_stones_stone_idx" ON "appointment_stones" USING btree ("stone_id");--> statement-breakpoint
CREATE INDEX "appointments_cabin_starts_idx" ON "appointments" USING btree ("cabin_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_status_idx" ON "appointments" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "cabins_name_idx" ON "cabins" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cabins_location_id_idx" ON "cabins" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "cabins_capacity_idx" ON "cabins" USING btree ("capacity");--> statement-breakpoint
CREATE INDEX "cabins_created_at_idx" ON "cabins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cabin_slots_cabin_id_idx" ON "cabin_slots" USING btree ("cabin_id");--> statement-breakpoint
CREATE INDEX "cabin_slots_week_day_idx" ON "cabin_slots" USING btree ("week_day");--> statement-breakpoint
CREATE INDEX "cabin_slots_start_time_idx" ON "cabin_slots" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "cabin_slots_valid_from_idx" ON "cabin_slots" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "cabin_slots_valid_to_idx" ON "cabin_slots" USING btree ("valid_to");--> statement-breakpoint
CREATE INDEX "cabin_slots_created_at_idx" ON "cabin_slots" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "locations_time_zone_idx" ON "locations" USING btree ("time_zone");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot declare them): the database itself refuses two approved bookings of
-- one cabin at overlapping times, whatever the race between two approvals.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_ends_after_start" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_double_booking" EXCLUDE USING gist ("cabin_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 2);
