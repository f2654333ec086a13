CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" integer NOT NULL,
	"version" text NOT NULL,
	"build_number" integer,
	"release_notes" text,
	"is_hard_update" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"target_url" text,
	"desktop_image" text,
	"mobile_image" text,
	"tablet_image" text,
	"video_url" text,
	"font_color" text,
	"marquee_text" text,
	"from_date" timestamp with time zone,
	"to_date" timestamp with time zone,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "career_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"position" text NOT NULL,
	"resume_url" text,
	"message" text,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"email" text,
	"phone" text,
	"subject" text,
	"message" text NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "featured_stones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stock_number" text NOT NULL,
	"kind" text NOT NULL,
	"from_date" date,
	"to_date" date,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"company_name" text,
	"rating" integer,
	"message" text NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hospitality_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_name" text NOT NULL,
	"company_name" text,
	"phone" text,
	"service" text NOT NULL,
	"place" text,
	"from_date" date NOT NULL,
	"to_date" date,
	"guests" integer,
	"status" integer NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"address" text,
	"city_id" uuid,
	"country_id" uuid NOT NULL,
	"zip_code" text,
	"phone" text,
	"email" text,
	"map_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content_type" integer NOT NULL,
	"description" text,
	"location" text,
	"from_date" date,
	"to_date" date,
	"image" text,
	"mobile_image" text,
	"url" text,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"title" text NOT NULL,
	"template" text,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_name" text,
	"page" text NOT NULL,
	"section" text,
	"action" text,
	"description" text,
	"device" text,
	"tracked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"image" text,
	"sequence" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"group" integer NOT NULL,
	"value" text,
	"data" jsonb,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transport_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_name" text NOT NULL,
	"company_name" text,
	"phone" text,
	"pickup_location" text NOT NULL,
	"drop_location" text,
	"pickup_at" timestamp with time zone NOT NULL,
	"passengers" integer,
	"status" integer NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_versions_platform_idx" ON "app_versions" USING btree ("platform");--> statement-breakpoint
CREATE INDEX "app_versions_version_idx" ON "app_versions" USING btree ("version");--> statement-breakpoint
CREATE INDEX "app_versions_build_number_idx" ON "app_versions" USING btree ("build_number");--> statement-breakpoint
CREATE INDEX "app_versions_created_at_idx" ON "app_versions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "banners_name_idx" ON "banners" USING btree ("name");--> statement-breakpoint
CREATE INDEX "banners_type_idx" ON "banners" USING btree ("type");--> statement-breakpoint
CREATE INDEX "banners_from_date_idx" ON "banners" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "banners_to_date_idx" ON "banners" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "banners_sequence_idx" ON "banners" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "banners_created_at_idx" ON "banners" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "career_applications_name_idx" ON "career_applications" USING btree ("name");--> statement-breakpoint
CREATE INDEX "career_applications_position_idx" ON "career_applications" USING btree ("position");--> statement-breakpoint
CREATE INDEX "career_applications_status_idx" ON "career_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "career_applications_created_at_idx" ON "career_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_type_idx" ON "contact_messages" USING btree ("type");--> statement-breakpoint
CREATE INDEX "contact_messages_name_idx" ON "contact_messages" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "featured_stones_stock_number_idx" ON "featured_stones" USING btree ("stock_number");--> statement-breakpoint
CREATE INDEX "featured_stones_kind_idx" ON "featured_stones" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "featured_stones_from_date_idx" ON "featured_stones" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "featured_stones_to_date_idx" ON "featured_stones" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "featured_stones_sequence_idx" ON "featured_stones" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "featured_stones_created_at_idx" ON "featured_stones" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_name_idx" ON "feedback" USING btree ("name");--> statement-breakpoint
CREATE INDEX "feedback_rating_idx" ON "feedback" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hospitality_orders_customer_name_idx" ON "hospitality_orders" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "hospitality_orders_from_date_idx" ON "hospitality_orders" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "hospitality_orders_to_date_idx" ON "hospitality_orders" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "hospitality_orders_status_idx" ON "hospitality_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "hospitality_orders_created_at_idx" ON "hospitality_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_live_key" ON "locations" USING btree (lower("name")) WHERE "locations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "locations_code_idx" ON "locations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "locations_city_id_idx" ON "locations" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "locations_country_id_idx" ON "locations" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "locations_created_at_idx" ON "locations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_events_title_idx" ON "news_events" USING btree ("title");--> statement-breakpoint
CREATE INDEX "news_events_content_type_idx" ON "news_events" USING btree ("content_type");--> statement-breakpoint
CREATE INDEX "news_events_location_idx" ON "news_events" USING btree ("location");--> statement-breakpoint
CREATE INDEX "news_events_from_date_idx" ON "news_events" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "news_events_to_date_idx" ON "news_events" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "news_events_sequence_idx" ON "news_events" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "news_events_created_at_idx" ON "news_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_action_live_key" ON "notification_settings" USING btree ("action") WHERE "notification_settings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notification_settings_action_idx" ON "notification_settings" USING btree ("action");--> statement-breakpoint
CREATE INDEX "notification_settings_title_idx" ON "notification_settings" USING btree ("title");--> statement-breakpoint
CREATE INDEX "notification_settings_created_at_idx" ON "notification_settings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_tracking_user_name_idx" ON "page_tracking" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "page_tracking_page_idx" ON "page_tracking" USING btree ("page");--> statement-breakpoint
CREATE INDEX "page_tracking_action_idx" ON "page_tracking" USING btree ("action");--> statement-breakpoint
CREATE INDEX "page_tracking_device_idx" ON "page_tracking" USING btree ("device");--> statement-breakpoint
CREATE INDEX "page_tracking_tracked_at_idx" ON "page_tracking" USING btree ("tracked_at");--> statement-breakpoint
CREATE INDEX "page_tracking_created_at_idx" ON "page_tracking" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_name_live_key" ON "platforms" USING btree (lower("name")) WHERE "platforms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "platforms_name_idx" ON "platforms" USING btree ("name");--> statement-breakpoint
CREATE INDEX "platforms_source_idx" ON "platforms" USING btree ("source");--> statement-breakpoint
CREATE INDEX "platforms_created_at_idx" ON "platforms" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_live_key" ON "products" USING btree (lower("name")) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_code_idx" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_sequence_idx" ON "products" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_live_key" ON "settings" USING btree (lower("key")) WHERE "settings"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "settings_key_idx" ON "settings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "settings_group_idx" ON "settings" USING btree ("group");--> statement-breakpoint
CREATE INDEX "settings_created_at_idx" ON "settings" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_live_key" ON "subscribers" USING btree (lower("email")) WHERE "subscribers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "subscribers_name_idx" ON "subscribers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "subscribers_created_at_idx" ON "subscribers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transport_orders_customer_name_idx" ON "transport_orders" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "transport_orders_pickup_at_idx" ON "transport_orders" USING btree ("pickup_at");--> statement-breakpoint
CREATE INDEX "transport_orders_status_idx" ON "transport_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transport_orders_created_at_idx" ON "transport_orders" USING btree ("created_at");