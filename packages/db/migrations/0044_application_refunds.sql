ALTER TABLE "operator_applications" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "operator_applications" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "operator_applications" ADD COLUMN "refund_key" text;--> statement-breakpoint
ALTER TABLE "operator_applications" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "operator_applications" ADD COLUMN "refund_failure_reason" text;--> statement-breakpoint
ALTER TABLE "operator_applications" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_applications" ADD COLUMN "refund_settled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_applications_refund_reference_idx" ON "operator_applications" USING btree ("refund_reference");--> statement-breakpoint
ALTER TABLE "operator_applications" ADD CONSTRAINT "operator_applications_refund_state_check" CHECK ("operator_applications"."refund_state" in ('pending', 'succeeded', 'failed'));