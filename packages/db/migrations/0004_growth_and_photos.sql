CREATE TABLE "area_growth_levels" (
	"area_id" integer NOT NULL,
	"observed_on" date NOT NULL,
	"level" smallint NOT NULL,
	CONSTRAINT "area_growth_levels_area_id_observed_on_pk" PRIMARY KEY("area_id","observed_on"),
	CONSTRAINT "area_growth_levels_level_check" CHECK ("area_growth_levels"."level" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "area_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" jsonb NOT NULL,
	"credit" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "area_growth_levels" ADD CONSTRAINT "area_growth_levels_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_photos" ADD CONSTRAINT "area_photos_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_photos_area_id_idx" ON "area_photos" USING btree ("area_id","sort_order");