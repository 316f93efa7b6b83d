-- Issue 25 items 3 and 6 (ADR 049): guests moved to another day keep their old codes for the
-- rangers' revoked list; a cancelled day (a storm) and what happened to each of its orders.
CREATE TABLE "day_cancellation_orders" (
	"cancellation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"line_ids" integer[] NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"told_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"refund_id" integer,
	"moved_to" date,
	"failure" text,
	CONSTRAINT "day_cancellation_orders_cancellation_id_order_id_pk" PRIMARY KEY("cancellation_id","order_id"),
	CONSTRAINT "day_cancellation_orders_state_check" CHECK ("day_cancellation_orders"."state" in ('waiting', 'told', 'refunding', 'refunded', 'moved', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "day_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"ticket_id" integer,
	"ticket_ids" integer[] NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'collecting' NOT NULL,
	"lapse_at" timestamp with time zone NOT NULL,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_error" text,
	CONSTRAINT "day_cancellations_state_check" CHECK ("day_cancellations"."state" in ('collecting', 'telling', 'waiting', 'done'))
);
--> statement-breakpoint
CREATE TABLE "ticket_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"issued_ticket_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"old_code" text NOT NULL,
	"old_from" date NOT NULL,
	"old_until" date NOT NULL,
	"new_from" date NOT NULL,
	"new_until" date NOT NULL,
	"moved_by_member_id" integer,
	"day_cancellation_id" integer,
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "day_cancellation_orders" ADD CONSTRAINT "day_cancellation_orders_cancellation_id_day_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."day_cancellations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_cancellation_orders" ADD CONSTRAINT "day_cancellation_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_cancellation_orders" ADD CONSTRAINT "day_cancellation_orders_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_cancellations" ADD CONSTRAINT "day_cancellations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_cancellations" ADD CONSTRAINT "day_cancellations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_cancellations" ADD CONSTRAINT "day_cancellations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_cancellations" ADD CONSTRAINT "day_cancellations_created_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_issued_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("issued_ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_moves" ADD CONSTRAINT "ticket_moves_moved_by_member_id_users_id_fk" FOREIGN KEY ("moved_by_member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_cancellation_orders_state_idx" ON "day_cancellation_orders" USING btree ("cancellation_id","state");--> statement-breakpoint
CREATE INDEX "day_cancellations_area_day_idx" ON "day_cancellations" USING btree ("area_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_moves_old_code_idx" ON "ticket_moves" USING btree ("old_code");--> statement-breakpoint
CREATE INDEX "ticket_moves_ticket_until_idx" ON "ticket_moves" USING btree ("ticket_id","old_until");--> statement-breakpoint
CREATE INDEX "ticket_moves_order_idx" ON "ticket_moves" USING btree ("order_id");