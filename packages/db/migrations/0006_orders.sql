CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"ticket_ids" integer[],
	"category_ids" integer[],
	"area_ids" integer[],
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_person" integer,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_amount_check" CHECK ("coupons"."amount" > 0 and ("coupons"."kind" <> 'percent' or "coupons"."amount" <= 100))
);
--> statement-breakpoint
CREATE TABLE "issued_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"max_usage" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"signed_code" text NOT NULL,
	"share_token" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"guest_name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"fishing_card_number" text,
	"country" text,
	"fiscal_code" text,
	"unit_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"language" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_reference" text,
	"idempotency_key" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"coupon_discount_cents" integer DEFAULT 0 NOT NULL,
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"coupon_code" text,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_day_places" (
	"ticket_id" integer NOT NULL,
	"day" date NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_day_places_ticket_id_day_pk" PRIMARY KEY("ticket_id","day"),
	CONSTRAINT "ticket_day_places_taken_check" CHECK ("ticket_day_places"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"issued_ticket_id" integer NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD CONSTRAINT "issued_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD CONSTRAINT "issued_tickets_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD CONSTRAINT "issued_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_day_places" ADD CONSTRAINT "ticket_day_places_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_redemptions" ADD CONSTRAINT "ticket_redemptions_issued_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("issued_ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_tickets_code_idx" ON "issued_tickets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_tickets_order_line_idx" ON "issued_tickets" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_tickets_share_idx" ON "issued_tickets" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "issued_tickets_order_idx" ON "issued_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_id_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_idx" ON "orders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "ticket_redemptions_ticket_idx" ON "ticket_redemptions" USING btree ("issued_ticket_id");