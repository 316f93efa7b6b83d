CREATE TABLE "figure_days" (
	"day" date NOT NULL,
	"ticket_id" integer NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"on_site_sales_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"coupon_orders" integer DEFAULT 0 NOT NULL,
	"coupon_discount_cents" bigint DEFAULT 0 NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "figure_days_day_ticket_id_pk" PRIMARY KEY("day","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "figure_rollups" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"through_day" date NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_lines_order_id_idx";--> statement-breakpoint
ALTER TABLE "operators" ALTER COLUMN "commission_basis_points" SET DEFAULT 1000;--> statement-breakpoint
ALTER TABLE "figure_days" ADD CONSTRAINT "figure_days_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "figure_days_ticket_idx" ON "figure_days" USING btree ("ticket_id","day");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "orders_open_on_site_idx" ON "orders" USING btree ("created_at","id","total_cents") WHERE payment_method = 'cash' and paid_at is null and status in ('pending', 'paid', 'issued');--> statement-breakpoint
CREATE INDEX "ticket_redemptions_redeemed_at_idx" ON "ticket_redemptions" USING btree ("redeemed_at");--> statement-breakpoint
CREATE INDEX "refunds_settled_at_idx" ON "refunds" USING btree ("settled_at") WHERE state = 'succeeded';--> statement-breakpoint
CREATE INDEX "order_lines_order_id_idx" ON "order_lines" USING btree ("order_id","id","ticket_id","start_date");