CREATE TABLE "order_export_parts" (
	"export_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "order_export_parts_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "order_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"language" text NOT NULL,
	"filters" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"filename" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"cursor_at" text,
	"cursor_id" integer,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_exports_state_check" CHECK ("order_exports"."state" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "order_export_parts" ADD CONSTRAINT "order_export_parts_export_id_order_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."order_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exports" ADD CONSTRAINT "order_exports_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exports_staff_created_idx" ON "order_exports" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "order_exports_expires_idx" ON "order_exports" USING btree ("expires_at");