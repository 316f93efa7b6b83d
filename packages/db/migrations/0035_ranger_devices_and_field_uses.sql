CREATE TABLE "ranger_device_nonces" (
	"device_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranger_device_nonces_device_id_nonce_pk" PRIMARY KEY("device_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "ranger_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"label" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "ranger_devices_label_check" CHECK (char_length("ranger_devices"."label") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "ranger_chain_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ranger_chain_breaks_kind_check" CHECK ("ranger_chain_breaks"."kind" in ('gap', 'rewrite'))
);
--> statement-breakpoint
CREATE TABLE "ticket_use_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"issued_ticket_id" integer NOT NULL,
	"redemption_id" integer NOT NULL,
	"other_redemption_id" integer NOT NULL,
	"device_id" integer,
	"other_device_id" integer,
	"detected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "chain_seq" integer;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD COLUMN "record_hash" text;--> statement-breakpoint
ALTER TABLE "ranger_device_nonces" ADD CONSTRAINT "ranger_device_nonces_device_id_ranger_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_devices" ADD CONSTRAINT "ranger_devices_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_devices" ADD CONSTRAINT "ranger_devices_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_devices" ADD CONSTRAINT "ranger_devices_revoked_by_staff_accounts_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranger_chain_breaks" ADD CONSTRAINT "ranger_chain_breaks_device_id_ranger_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_use_conflicts" ADD CONSTRAINT "ticket_use_conflicts_issued_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("issued_ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_use_conflicts" ADD CONSTRAINT "ticket_use_conflicts_redemption_id_ticket_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."ticket_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_use_conflicts" ADD CONSTRAINT "ticket_use_conflicts_other_redemption_id_ticket_redemptions_id_fk" FOREIGN KEY ("other_redemption_id") REFERENCES "public"."ticket_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_use_conflicts" ADD CONSTRAINT "ticket_use_conflicts_device_id_ranger_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_use_conflicts" ADD CONSTRAINT "ticket_use_conflicts_other_device_id_ranger_devices_id_fk" FOREIGN KEY ("other_device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranger_device_nonces_seen_at_idx" ON "ranger_device_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "ranger_devices_staff_id_idx" ON "ranger_devices" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "ranger_devices_operator_id_idx" ON "ranger_devices" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "ranger_chain_breaks_device_idx" ON "ranger_chain_breaks" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_use_conflicts_redemption_idx" ON "ticket_use_conflicts" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "ticket_use_conflicts_ticket_idx" ON "ticket_use_conflicts" USING btree ("issued_ticket_id");--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD CONSTRAINT "ticket_redemptions_device_id_ranger_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ranger_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD CONSTRAINT "ticket_redemptions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_redemptions_device_client_idx" ON "ticket_redemptions" USING btree ("device_id","client_id") WHERE client_id is not null;--> statement-breakpoint
CREATE INDEX "ticket_redemptions_device_seq_idx" ON "ticket_redemptions" USING btree ("device_id","chain_seq");