CREATE TABLE "catalogue_photo_files" (
	"photo_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "catalogue_photo_files_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width")
);
--> statement-breakpoint
CREATE TABLE "catalogue_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer,
	"area_id" integer,
	"position" smallint NOT NULL,
	"alt" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"version" text NOT NULL,
	"variants" jsonb NOT NULL,
	"uploaded_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_photos_subject_check" CHECK (("catalogue_photos"."ticket_id" is null) <> ("catalogue_photos"."area_id" is null))
);
--> statement-breakpoint
ALTER TABLE "catalogue_photo_files" ADD CONSTRAINT "catalogue_photo_files_photo_id_catalogue_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."catalogue_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_photos" ADD CONSTRAINT "catalogue_photos_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_photos" ADD CONSTRAINT "catalogue_photos_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_photos_ticket_idx" ON "catalogue_photos" USING btree ("ticket_id","position");--> statement-breakpoint
CREATE INDEX "catalogue_photos_area_idx" ON "catalogue_photos" USING btree ("area_id","position");