CREATE TABLE "operator_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"state" text NOT NULL,
	"business_name" text NOT NULL,
	"business_kind" text NOT NULL,
	"vat_country" text NOT NULL,
	"vat_number" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"activities" text[] NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"area_names" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"plan" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"payment_method" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"language" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"rejection_reason" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_applications_state_check" CHECK ("operator_applications"."state" in ('submitted', 'awaiting_payment', 'approved', 'rejected')),
	CONSTRAINT "operator_applications_plan_check" CHECK ("operator_applications"."plan" in ('commission', 'featured'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_applications_reference_idx" ON "operator_applications" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_applications_idempotency_key_idx" ON "operator_applications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "operator_applications_state_idx" ON "operator_applications" USING btree ("state","created_at");