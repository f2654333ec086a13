CREATE TABLE "account_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text,
	"file_url" text NOT NULL,
	"file_id" uuid,
	"status" smallint DEFAULT 1 NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "account_documents_status_check" CHECK ("account_documents"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"code" text NOT NULL,
	"business_type" text,
	"nature_of_organisation" text,
	"company_size" text,
	"registration_number" text,
	"tax_number" text,
	"street" text,
	"area" text,
	"zip_code" text,
	"country_id" uuid,
	"state_id" uuid,
	"city_id" uuid,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"website" text,
	"bank_details" text,
	"broker_name" text,
	"broker_details" text,
	"sales_person" text,
	"payment_term_id" uuid,
	"credit_limit" numeric(15, 2),
	"external_id" text,
	"is_approved" boolean DEFAULT false NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_documents" ADD CONSTRAINT "account_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_documents" ADD CONSTRAINT "account_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_documents" ADD CONSTRAINT "account_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_payment_term_id_day_terms_id_fk" FOREIGN KEY ("payment_term_id") REFERENCES "public"."day_terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_documents_account_id_created_at_idx" ON "account_documents" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_live_key" ON "accounts" USING btree (lower("code")) WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_name_idx" ON "accounts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "accounts_code_idx" ON "accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "accounts_business_type_idx" ON "accounts" USING btree ("business_type");--> statement-breakpoint
CREATE INDEX "accounts_country_id_idx" ON "accounts" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "accounts_state_id_idx" ON "accounts" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "accounts_city_id_idx" ON "accounts" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "accounts_payment_term_id_idx" ON "accounts" USING btree ("payment_term_id");--> statement-breakpoint
CREATE INDEX "accounts_credit_limit_idx" ON "accounts" USING btree ("credit_limit");--> statement-breakpoint
CREATE INDEX "accounts_external_id_idx" ON "accounts" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "accounts_approved_at_idx" ON "accounts" USING btree ("approved_at");--> statement-breakpoint
CREATE INDEX "accounts_verified_at_idx" ON "accounts" USING btree ("verified_at");--> statement-breakpoint
CREATE INDEX "accounts_created_at_idx" ON "accounts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;