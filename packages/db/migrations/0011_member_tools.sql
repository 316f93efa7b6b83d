CREATE TABLE "finds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" integer,
	"species_code" text,
	"found_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "finds_latitude_check" CHECK ("finds"."latitude" between -90 and 90),
	CONSTRAINT "finds_longitude_check" CHECK ("finds"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "notebook_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"area_id" integer,
	"find_id" uuid,
	"species_code" text NOT NULL,
	"weight_g" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"weather" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "notebook_entries_weight_check" CHECK ("notebook_entries"."weight_g" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "areas" ADD COLUMN "daily_limit_g" integer;--> statement-breakpoint
ALTER TABLE "finds" ADD CONSTRAINT "finds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_entries" ADD CONSTRAINT "notebook_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_entries" ADD CONSTRAINT "notebook_entries_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_entries" ADD CONSTRAINT "notebook_entries_find_id_finds_id_fk" FOREIGN KEY ("find_id") REFERENCES "public"."finds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_weather_days" ADD CONSTRAINT "area_weather_days_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finds_member_idx" ON "finds" USING btree ("user_id","found_on");--> statement-breakpoint
CREATE INDEX "notebook_entries_member_idx" ON "notebook_entries" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "area_weather_days_day_idx" ON "area_weather_days" USING btree ("day");--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_daily_limit_check" CHECK ("areas"."daily_limit_g" is null or "areas"."daily_limit_g" > 0);