CREATE TABLE "activity_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "area_activation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"region_id" integer NOT NULL,
	"city_id" integer,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"bounds" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"rules" jsonb NOT NULL,
	"limits" jsonb,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"title" jsonb NOT NULL,
	"excerpt" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"activity_type_id" integer,
	"area_id" integer,
	"published_at" date NOT NULL,
	CONSTRAINT "blog_posts_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "cancellation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"text" jsonb NOT NULL,
	CONSTRAINT "cancellation_policies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"region_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "cities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "service_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "service_tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ticket_service_tags" (
	"ticket_id" integer NOT NULL,
	"service_tag_id" integer NOT NULL,
	CONSTRAINT "ticket_service_tags_ticket_id_service_tag_id_pk" PRIMARY KEY("ticket_id","service_tag_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"area_id" integer NOT NULL,
	"activity_type_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"duration_type" text NOT NULL,
	"season" jsonb,
	"duration_hours" numeric(5, 2),
	"price_cents" integer NOT NULL,
	"discounted_price_cents" integer,
	"min_age" smallint DEFAULT 0 NOT NULL,
	"languages" text[] NOT NULL,
	"meeting_point" jsonb,
	"open_days" smallint[] NOT NULL,
	"cancellation_policy_id" integer NOT NULL,
	"max_usage" smallint,
	"rules" jsonb NOT NULL,
	"resident_countries" text[],
	"requires_fishing_card" boolean DEFAULT false NOT NULL,
	"daily_capacity" integer,
	"sale_from" date,
	"sale_until" date,
	"popularity" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tickets_price_check" CHECK ("tickets"."price_cents" >= 0),
	CONSTRAINT "tickets_discount_check" CHECK ("tickets"."discounted_price_cents" is null or ("tickets"."discounted_price_cents" >= 0 and "tickets"."discounted_price_cents" < "tickets"."price_cents"))
);
--> statement-breakpoint
ALTER TABLE "area_activation_requests" ADD CONSTRAINT "area_activation_requests_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_activity_type_id_activity_types_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."activity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_service_tags" ADD CONSTRAINT "ticket_service_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_service_tags" ADD CONSTRAINT "ticket_service_tags_service_tag_id_service_tags_id_fk" FOREIGN KEY ("service_tag_id") REFERENCES "public"."service_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_activity_type_id_activity_types_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."activity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_cancellation_policy_id_cancellation_policies_id_fk" FOREIGN KEY ("cancellation_policy_id") REFERENCES "public"."cancellation_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "area_activation_requests_area_email_idx" ON "area_activation_requests" USING btree ("area_id","email");--> statement-breakpoint
CREATE INDEX "areas_region_id_idx" ON "areas" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "cities_region_id_idx" ON "cities" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "tickets_area_id_idx" ON "tickets" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "tickets_category_id_idx" ON "tickets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "tickets_activity_type_id_idx" ON "tickets" USING btree ("activity_type_id");