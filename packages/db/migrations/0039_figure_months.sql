CREATE TABLE "figure_months" (
	"month" date NOT NULL,
	"ticket_id" integer NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"on_site_sales_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"coupon_orders" integer DEFAULT 0 NOT NULL,
	"coupon_discount_cents" bigint DEFAULT 0 NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	"places_taken" integer DEFAULT 0 NOT NULL,
	"places_capacity" integer,
	CONSTRAINT "figure_months_month_ticket_id_pk" PRIMARY KEY("month","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "figure_days" ADD COLUMN "places_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_days" ADD COLUMN "places_capacity" integer;--> statement-breakpoint
ALTER TABLE "figure_months" ADD CONSTRAINT "figure_months_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The closed days' places, as the roll-up now keeps them beside the sales (ADR 052).
INSERT INTO "figure_days" ("day", "ticket_id", "places_taken", "places_capacity")
SELECT "p"."day", "p"."ticket_id", "p"."taken", "t"."daily_capacity"
  FROM "ticket_day_places" "p" JOIN "tickets" "t" ON "t"."id" = "p"."ticket_id"
 WHERE "p"."taken" > 0 AND "p"."day" <= (SELECT "through_day" FROM "figure_rollups" WHERE "id" = 1)
ON CONFLICT ("day", "ticket_id") DO UPDATE
  SET "places_taken" = "excluded"."places_taken", "places_capacity" = "excluded"."places_capacity";--> statement-breakpoint
INSERT INTO "figure_months" ("month", "ticket_id", "sales_cents", "on_site_sales_cents", "orders", "refunds_cents",
  "refunds", "coupon_orders", "coupon_discount_cents", "check_ins", "places_taken", "places_capacity")
SELECT date_trunc('month', "day")::date, "ticket_id", sum("sales_cents"), sum("on_site_sales_cents"), sum("orders"),
       sum("refunds_cents"), sum("refunds"), sum("coupon_orders"), sum("coupon_discount_cents"), sum("check_ins"),
       sum("places_taken"),
       CASE WHEN bool_and("places_capacity" IS NOT NULL) FILTER (WHERE "places_taken" > 0) IS NOT FALSE
            THEN coalesce(sum("places_capacity") FILTER (WHERE "places_taken" > 0), 0) END
  FROM "figure_days" GROUP BY 1, 2;
