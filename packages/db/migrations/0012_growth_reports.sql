CREATE TABLE "growth_reports" (
	"user_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"observed_on" date NOT NULL,
	"level" smallint NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_reports_user_id_area_id_observed_on_pk" PRIMARY KEY("user_id","area_id","observed_on"),
	CONSTRAINT "growth_reports_level_check" CHECK ("growth_reports"."level" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "growth_reports" ADD CONSTRAINT "growth_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_reports" ADD CONSTRAINT "growth_reports_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_reports_area_day_idx" ON "growth_reports" USING btree ("area_id","observed_on");--> statement-breakpoint
CREATE INDEX "notebook_entries_awaiting_weather_idx" ON "notebook_entries" USING btree ("day") WHERE "notebook_entries"."area_id" is not null and "notebook_entries"."deleted_at" is null and ("notebook_entries"."weather" is null or "notebook_entries"."weather" @> '{"forecast":true}');