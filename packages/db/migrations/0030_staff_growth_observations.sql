CREATE TABLE "growth_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"observed_on" date NOT NULL,
	"level" smallint NOT NULL,
	"species" text,
	"note" text,
	"staff_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_observations_level_check" CHECK ("growth_observations"."level" between 0 and 5),
	CONSTRAINT "growth_observations_note_check" CHECK (char_length("growth_observations"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "growth_observations" ADD CONSTRAINT "growth_observations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_observations" ADD CONSTRAINT "growth_observations_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "growth_observations_staff_area_day_idx" ON "growth_observations" USING btree ("staff_id","area_id","observed_on");--> statement-breakpoint
CREATE INDEX "growth_observations_area_day_idx" ON "growth_observations" USING btree ("area_id","observed_on");--> statement-breakpoint
CREATE INDEX "audit_log_staff_id_at_idx" ON "audit_log" USING btree ("staff_id","at");