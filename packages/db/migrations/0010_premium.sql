CREATE TABLE "ads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"placements" text[] NOT NULL,
	"texts" jsonb NOT NULL,
	"url" text NOT NULL,
	"image" text,
	"weight" integer DEFAULT 1 NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ads_kind_check" CHECK ("ads"."kind" in ('house', 'partner'))
);
--> statement-breakpoint
CREATE TABLE "billing_notifications" (
	"source" text NOT NULL,
	"notification_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notifications_source_notification_id_pk" PRIMARY KEY("source","notification_id")
);
--> statement-breakpoint
CREATE TABLE "growth_unlocks" (
	"user_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_unlocks_user_id_area_id_pk" PRIMARY KEY("user_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "premium_trials" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"fails_on_charge" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"reason" text,
	"receipt_number" text,
	"paid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"plan_type" text NOT NULL,
	"price_cents" integer NOT NULL,
	"payment_method" text,
	"provider_reference" text,
	"payment_label" text,
	"awaiting_approval" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"trial_end" timestamp with time zone,
	"period_end" timestamp with time zone NOT NULL,
	"failed_charges" integer DEFAULT 0 NOT NULL,
	"past_due_since" timestamp with time zone,
	"remaining_ms" bigint,
	"canceled_from" text,
	"next_charge_at" timestamp with time zone,
	"remind_at" timestamp with time zone,
	"last_payment_at" timestamp with time zone,
	"last_payment_cents" integer,
	"idempotency_key" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_account_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "member_price_cents" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "growth_unlocks" ADD CONSTRAINT "growth_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_unlocks" ADD CONSTRAINT "growth_unlocks_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_key_idx" ON "subscription_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_receipt_idx" ON "subscription_charges" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_idx" ON "subscription_charges" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_member_idx" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" <> 'expired';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_member_key_idx" ON "subscriptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_idx" ON "subscriptions" USING btree ("source","provider_reference");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at") WHERE "subscriptions"."next_charge_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_remind_idx" ON "subscriptions" USING btree ("remind_at") WHERE "subscriptions"."remind_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_member_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_store_account_token_idx" ON "users" USING btree ("store_account_token");