-- A staff member's orders read from an index led by their operator or area (ADR 046).
-- `order_area_keys` holds one row per order and area of its guests' tickets, with the area's
-- operator, the order's creation time, state and days; its indexes are led by the operator (with
-- or without the state) and by the area, so a manager's first page, a state or a day is one range
-- read newest first from the index alone. The database keeps it, as it keeps `order_search_keys`:
-- `order_search_rebuild` writes it from the guests, a trigger on `orders` follows the state, one
-- on `areas` the area's operator. The area keys (`a:`) of `order_search_keys` move here.
CREATE TABLE "order_area_keys" (
	"order_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"first_day" date,
	"last_day" date,
	"days_continuous" boolean DEFAULT true NOT NULL,
	CONSTRAINT "order_area_keys_order_id_area_id_pk" PRIMARY KEY("order_id","area_id")
);
--> statement-breakpoint
DROP INDEX "order_search_keys_days_idx";--> statement-breakpoint
DELETE FROM "order_search_keys" WHERE "key" >= 'a:' AND "key" < 'a;';--> statement-breakpoint
ALTER TABLE "order_search_keys" DROP COLUMN "first_day";--> statement-breakpoint
ALTER TABLE "order_search_keys" DROP COLUMN "last_day";--> statement-breakpoint
-- The keys of some orders, made again from their guests and buyer: the orders' areas and days,
-- the words and tickets they are found by, and their areas' rows.
CREATE OR REPLACE FUNCTION "order_search_rebuild"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The days: the first and last any guest's ticket covers, and whether every day between is
  -- covered by one of them (one range once the guests' ranges are merged).
  UPDATE "orders" "o" SET "area_ids" = "s"."area_ids", "first_day" = lower("s"."days"),
         "last_day" = upper("s"."days") - 1, "days_continuous" = (SELECT count(*) FROM unnest("s"."days")) = 1
    FROM (SELECT "l"."order_id", array_agg(DISTINCT "t"."area_id" ORDER BY "t"."area_id") AS "area_ids",
                 range_agg(daterange("l"."start_date", "l"."end_date", '[]')) AS "days"
            FROM "order_lines" "l" JOIN "tickets" "t" ON "t"."id" = "l"."ticket_id"
           WHERE "l"."order_id" = ANY ("ids") GROUP BY "l"."order_id") "s"
   WHERE "o"."id" = "s"."order_id";
  DELETE FROM "order_search_keys" WHERE "order_id" = ANY ("ids");
  INSERT INTO "order_search_keys" ("key", "created_at", "order_id", "area_ids", "name")
  SELECT "k"."key", "o"."created_at", "o"."id", "o"."area_ids", "k"."name"
    FROM "orders" "o"
    CROSS JOIN LATERAL (
      SELECT 't:' || "l"."ticket_id" AS "key", NULL::text AS "name" FROM "order_lines" "l" WHERE "l"."order_id" = "o"."id"
      UNION
      SELECT 'g:' || "w", ' ' || array_to_string("n"."words", ' ')
        FROM "order_lines" "l", LATERAL (SELECT name_words("l"."guest_name") AS "words") "n", unnest("n"."words") "w"
       WHERE "l"."order_id" = "o"."id"
      UNION
      SELECT 'b:' || "w", ' ' || array_to_string("n"."words", ' ')
        FROM "users" "u", LATERAL (SELECT name_words("u"."first_name" || ' ' || "u"."last_name") AS "words") "n", unnest("n"."words") "w"
       WHERE "u"."id" = "o"."user_id"
    ) "k"
   WHERE "o"."id" = ANY ("ids");
  DELETE FROM "order_area_keys" WHERE "order_id" = ANY ("ids");
  INSERT INTO "order_area_keys" ("order_id", "area_id", "operator_id", "created_at", "status", "first_day", "last_day", "days_continuous")
  SELECT "o"."id", "a"."id", "a"."operator_id", "o"."created_at", "o"."status", "o"."first_day", "o"."last_day", "o"."days_continuous"
    FROM "orders" "o" CROSS JOIN unnest("o"."area_ids") "x"("area_id") JOIN "areas" "a" ON "a"."id" = "x"."area_id"
   WHERE "o"."id" = ANY ("ids");
END;
$$;
--> statement-breakpoint
-- An order's new state (paid, issued, refunded…) or creation time, on its keys.
CREATE FUNCTION "orders_order_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_area_keys" SET "status" = NEW."status", "created_at" = NEW."created_at" WHERE "order_id" = NEW."id";
  IF OLD."created_at" IS DISTINCT FROM NEW."created_at" THEN
    UPDATE "order_search_keys" SET "created_at" = NEW."created_at" WHERE "order_id" = NEW."id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_order_keys" AFTER UPDATE OF "status", "created_at" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "orders_order_keys"();--> statement-breakpoint
-- An area handed to another operator takes its orders along.
CREATE FUNCTION "areas_order_area_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_area_keys" SET "operator_id" = NEW."operator_id" WHERE "area_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "areas_order_area_keys" AFTER UPDATE OF "operator_id" ON "areas"
  FOR EACH ROW WHEN (OLD."operator_id" IS DISTINCT FROM NEW."operator_id")
  EXECUTE FUNCTION "areas_order_area_keys"();--> statement-breakpoint
-- Every order's areas once, before the indexes exist (building them after the rows is faster).
INSERT INTO "order_area_keys" ("order_id", "area_id", "operator_id", "created_at", "status", "first_day", "last_day", "days_continuous")
SELECT "o"."id", "a"."id", "a"."operator_id", "o"."created_at", "o"."status", "o"."first_day", "o"."last_day", "o"."days_continuous"
  FROM "orders" "o" CROSS JOIN unnest("o"."area_ids") "x"("area_id") JOIN "areas" "a" ON "a"."id" = "x"."area_id";--> statement-breakpoint
ALTER TABLE "order_area_keys" ADD CONSTRAINT "order_area_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_area_keys" ADD CONSTRAINT "order_area_keys_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_area_keys" ADD CONSTRAINT "order_area_keys_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_area_keys_operator_idx" ON "order_area_keys" USING btree ("operator_id","created_at","order_id") INCLUDE ("area_id", "status", "first_day", "last_day", "days_continuous");--> statement-breakpoint
CREATE INDEX "order_area_keys_operator_status_idx" ON "order_area_keys" USING btree ("operator_id","status","created_at","order_id") INCLUDE ("area_id", "first_day", "last_day", "days_continuous");--> statement-breakpoint
CREATE INDEX "order_area_keys_area_idx" ON "order_area_keys" USING btree ("area_id","created_at","order_id") INCLUDE ("status", "first_day", "last_day", "days_continuous");
