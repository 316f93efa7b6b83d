CREATE TABLE "area_weather_days" (
	"area_id" integer NOT NULL,
	"day" date NOT NULL,
	"rain_mm" real,
	"temp_mean" real,
	"temp_min" real,
	"temp_max" real,
	"weather_code" smallint,
	"gust_kmh" real,
	"forecast" boolean NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "area_weather_days_area_id_day_pk" PRIMARY KEY("area_id","day"),
	CONSTRAINT "area_weather_days_source_check" CHECK ("area_weather_days"."source" in ('open-meteo', 'climatology'))
);
--> statement-breakpoint
ALTER TABLE "area_weather_days" ADD CONSTRAINT "area_weather_days_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_weather_days_day_idx" ON "area_weather_days" USING btree ("day");