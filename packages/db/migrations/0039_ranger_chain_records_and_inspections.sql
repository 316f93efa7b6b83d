CREATE TABLE "ranger_chain_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"prev_hash" text NOT NULL,
	"record_hash" text NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"chain" text DEFAULT 'ok' NOT NULL,
	CONSTRAINT "ranger_chain_records_kind_check" CHECK ("ranger_chain_records"."kind" in ('use', 'inspection', 'growth')),
	CONSTRAINT "ranger_chain_records_chain_check" CHECK ("ranger_chain_records"."chain" in ('ok', 'gap', 'rewrite'))
);
--> statement-breakpoint
CREATE TABLE "ranger_inspection_photo_files" (
	"inspection_id" integer NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "ranger_inspection_photo_files_inspection_id_hash_name_pk" PRIMARY KEY("inspection_id","hash","name")
);
--> statement-breakpoint
CREATE TABLE "ranger_inspection_photos" (
	"inspection_id" integer NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranger_inspection_photos_inspection_id_hash_pk" PRIMARY KEY("inspection_id","hash")
);
--> statement-breakpoint
CREATE TABLE "ranger_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"ticket_code" text,
	"issued_ticket_id" integer,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"basket_g" integer,
	"limit_g" integer,
	"declared_today_g" integer,
	"over" boolean,
	"photo_hashes" jsonb NOT NULL,
	"observed_on" date NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "ranger_inspections_outcome_check" CHECK ("ranger_inspections"."outcome" in ('ok', 'warning', 'violation')),
	CONSTRAINT "ranger_inspections_note_check" CHECK (char_length("ranger_inspections"."note") <= 1000),
	CONSTRAINT "ranger_inspections_basket_check" CHECK ("ranger_inspections"."basket_g" is null or "ranger_inspections"."basket_g" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ranger_chain_records" ADD CONSTRAINT "ranger_chain_records_device_id_ranger_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspection_photo_files" ADD CONSTRAINT "ranger_inspection_photo_files_photo_fk" FOREIGN KEY ("inspection_id","hash") REFERENCES "public"."ranger_inspection_photos"("inspection_id","hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspection_photos" ADD CONSTRAINT "ranger_inspection_photos_inspection_id_ranger_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."ranger_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspections" ADD CONSTRAINT "ranger_inspections_device_id_ranger_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspections" ADD CONSTRAINT "ranger_inspections_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspections" ADD CONSTRAINT "ranger_inspections_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspections" ADD CONSTRAINT "ranger_inspections_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_inspections" ADD CONSTRAINT "ranger_inspections_issued_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("issued_ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ranger_chain_records_device_seq_idx" ON "ranger_chain_records" USING btree ("device_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ranger_chain_records_device_client_idx" ON "ranger_chain_records" USING btree ("device_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ranger_inspections_device_client_idx" ON "ranger_inspections" USING btree ("device_id","client_id");--> statement-breakpoint
CREATE INDEX "ranger_inspections_area_day_idx" ON "ranger_inspections" USING btree ("area_id","observed_on");--> statement-breakpoint
CREATE INDEX "ranger_inspections_holder_day_idx" ON "ranger_inspections" USING btree ("area_id","ticket_code","observed_on");--> statement-breakpoint
-- The uses already chained (ADR 043) become the first records of their devices' one chain (ADR 047):
-- the first use received at a place keeps it, and a place flagged before keeps its flag.
INSERT INTO "ranger_chain_records" ("device_id", "seq", "client_id", "kind", "prev_hash", "record_hash", "device_time", "received_at", "chain")
SELECT DISTINCT ON (r."device_id", r."chain_seq")
	r."device_id", r."chain_seq", r."client_id", 'use', r."prev_hash", r."record_hash", r."redeemed_at",
	coalesce(r."received_at", r."redeemed_at"),
	coalesce((
		SELECT b."kind" FROM "ranger_chain_breaks" b
		WHERE b."device_id" = r."device_id" AND b."client_id" = r."client_id"
		ORDER BY b."id" DESC LIMIT 1
	), 'ok')
FROM "ticket_redemptions" r
WHERE r."device_id" IS NOT NULL AND r."chain_seq" IS NOT NULL AND r."client_id" IS NOT NULL
	AND r."prev_hash" IS NOT NULL AND r."record_hash" IS NOT NULL
ORDER BY r."device_id", r."chain_seq", r."id"
ON CONFLICT DO NOTHING;
