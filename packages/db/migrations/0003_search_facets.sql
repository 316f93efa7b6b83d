-- The search documents are derived data, rebuilt by the search-index-v2 seed step.
DELETE FROM "ticket_search";--> statement-breakpoint
CREATE TABLE "ticket_facets" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"category_id" integer NOT NULL,
	"activity_type_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"duration_type" text NOT NULL,
	"season_start" varchar(5),
	"season_end" varchar(5),
	"sale_from" date,
	"sale_until" date,
	"open_days" smallint[] NOT NULL,
	"service_tag_ids" integer[] NOT NULL,
	"popularity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "ticket_search_document_idx";--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "area_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "region_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "country_code" varchar(2) NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "category_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "activity_type_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "price_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "discount_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "duration_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "season_start" varchar(5);--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "season_end" varchar(5);--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "sale_from" date;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "sale_until" date;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "open_days" smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "service_tag_ids" integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "popularity" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD COLUMN "created_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_facets" ADD CONSTRAINT "ticket_facets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_facets_order_idx" ON "ticket_facets" USING btree ("country_code","area_id","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_area_idx" ON "ticket_facets" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_region_idx" ON "ticket_facets" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_category_idx" ON "ticket_facets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_activity_idx" ON "ticket_facets" USING btree ("activity_type_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_price_idx" ON "ticket_facets" USING btree ("price_cents","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_popularity_idx" ON "ticket_facets" USING btree ("popularity" DESC NULLS LAST,"ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_created_idx" ON "ticket_facets" USING btree ("created_at" DESC NULLS LAST,"ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_search_document_it_idx" ON "ticket_search" USING gin ("document") WHERE language = 'it';--> statement-breakpoint
CREATE INDEX "ticket_search_document_en_idx" ON "ticket_search" USING gin ("document") WHERE language = 'en';--> statement-breakpoint
CREATE INDEX "ticket_search_document_es_idx" ON "ticket_search" USING gin ("document") WHERE language = 'es';--> statement-breakpoint
CREATE INDEX "ticket_search_document_de_idx" ON "ticket_search" USING gin ("document") WHERE language = 'de';--> statement-breakpoint
CREATE INDEX "ticket_search_document_sl_idx" ON "ticket_search" USING gin ("document") WHERE language = 'sl';--> statement-breakpoint
ALTER TABLE "ticket_search" DROP COLUMN "words";
