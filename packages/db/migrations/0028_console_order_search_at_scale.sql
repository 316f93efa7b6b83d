-- The console's order search over millions of orders (ADR 037). Each order carries the areas of
-- its guests' tickets, kept by a trigger on `order_lines`, so the staff member's scope and the
-- area filter are checked on the order's index entries; the order's state joins them there.
ALTER TABLE "orders" ADD COLUMN "area_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "area_ids" = "lines"."area_ids"
  FROM (SELECT "l"."order_id", array_agg(DISTINCT "t"."area_id" ORDER BY "t"."area_id") AS "area_ids"
          FROM "order_lines" "l" JOIN "tickets" "t" ON "t"."id" = "l"."ticket_id" GROUP BY "l"."order_id") "lines"
  WHERE "orders"."id" = "lines"."order_id";--> statement-breakpoint
CREATE FUNCTION "order_lines_add_area"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "area" integer;
BEGIN
  SELECT "area_id" INTO "area" FROM "tickets" WHERE "id" = NEW."ticket_id";
  UPDATE "orders" SET "area_ids" = "area_ids" || "area"
    WHERE "id" = NEW."order_id" AND NOT ("area" = ANY ("area_ids"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_add_area" AFTER INSERT ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "order_lines_add_area"();
--> statement-breakpoint
DROP INDEX "order_lines_start_date_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id","status","area_ids");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at","id","area_ids");--> statement-breakpoint
CREATE INDEX "orders_area_ids_idx" ON "orders" USING gin ("area_ids");--> statement-breakpoint
CREATE INDEX "order_lines_days_idx" ON "order_lines" USING gist (daterange("start_date", "end_date", '[]'));
