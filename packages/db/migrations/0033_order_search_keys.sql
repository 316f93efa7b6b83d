-- The console's order search by name, ticket, area and day over millions of orders (ADR 046).
-- `order_search_keys` holds what an order is found by, newest first: each word of the buyer's and
-- the guests' names, the tickets, the areas; `orders.first_day` / `last_day` the days its guests'
-- tickets cover. Both are kept by the database from `order_lines` and `users`, never written by
-- the application, and `orders.area_ids` (migration 0028) is now kept by the same function.

-- A name's words as `searchWords` in packages/contract/src/rules/search-words.ts cuts them: the
-- same two strings of accented and plain letters, then ASCII letters and digits only.
CREATE FUNCTION "name_words"("text" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg("w" ORDER BY "n"), '{}')
    FROM regexp_split_to_table(lower(translate("text",
      'ÀÁÂÃÄÅàáâãäåÇçĆćČčĐđÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøŠšÙÚÛÜùúûüÝýÿŽžß',
      'AAAAAAaaaaaaCcCcCcDdEEEEeeeeIIIIiiiiNnOOOOOOooooooSsUUUUuuuuYyyZzs')), '[^a-z0-9]+')
      WITH ORDINALITY AS "s"("w", "n")
   WHERE "w" <> ''
$$;
--> statement-breakpoint
CREATE TABLE "order_search_keys" (
	"key" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" integer NOT NULL,
	"area_ids" integer[] DEFAULT '{}' NOT NULL,
	"name" text,
	"first_day" date,
	"last_day" date
);
--> statement-breakpoint
ALTER TABLE "order_search_keys" ADD CONSTRAINT "order_search_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_day" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_day" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "days_continuous" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The keys of some orders, made again from their guests and buyer: the orders' areas and days,
-- then every key. Called by the triggers below for the orders a statement touched, and once here
-- for every order.
CREATE FUNCTION "order_search_rebuild"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  -- An area's key carries the order's days: a staff member's day is found per area (ADR 046).
  INSERT INTO "order_search_keys" ("key", "created_at", "order_id", "area_ids", "name", "first_day", "last_day")
  SELECT "k"."key", "o"."created_at", "o"."id", "o"."area_ids", "k"."name",
         CASE WHEN "k"."key" LIKE 'a:%' THEN "o"."first_day" END, CASE WHEN "k"."key" LIKE 'a:%' THEN "o"."last_day" END
    FROM "orders" "o"
    CROSS JOIN LATERAL (
      SELECT 'a:' || "a" AS "key", NULL::text AS "name" FROM unnest("o"."area_ids") "a"
      UNION
      SELECT 't:' || "l"."ticket_id", NULL FROM "order_lines" "l" WHERE "l"."order_id" = "o"."id"
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
END;
$$;
--> statement-breakpoint
DROP TRIGGER "order_lines_add_area" ON "order_lines";--> statement-breakpoint
DROP FUNCTION "order_lines_add_area"();--> statement-breakpoint
CREATE FUNCTION "order_lines_search_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM order_search_rebuild(ARRAY(SELECT DISTINCT "order_id" FROM "old_lines"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM order_search_rebuild(ARRAY(SELECT "order_id" FROM "old_lines" UNION SELECT "order_id" FROM "new_lines"));
  ELSE
    PERFORM order_search_rebuild(ARRAY(SELECT DISTINCT "order_id" FROM "new_lines"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_search_keys_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_search_keys"();--> statement-breakpoint
CREATE TRIGGER "order_lines_search_keys_update" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_search_keys"();--> statement-breakpoint
CREATE TRIGGER "order_lines_search_keys_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_search_keys"();--> statement-breakpoint
-- A buyer who changes their name is found by the new one.
CREATE FUNCTION "users_search_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_search_rebuild(ARRAY(SELECT "id" FROM "orders" WHERE "user_id" = NEW."id"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_keys" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "users_search_keys"();--> statement-breakpoint
-- Every order once, before the indexes exist (building them after the rows is faster).
SELECT order_search_rebuild(ARRAY(SELECT "id" FROM "orders"));--> statement-breakpoint
CREATE INDEX "order_search_keys_key_idx" ON "order_search_keys" USING btree ("key","created_at","order_id") INCLUDE ("area_ids", "name");--> statement-breakpoint
CREATE INDEX "order_search_keys_order_id_idx" ON "order_search_keys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_search_keys_days_idx" ON "order_search_keys" USING btree ("key","first_day") INCLUDE ("last_day", "created_at", "order_id", "area_ids") WHERE "first_day" IS NOT NULL;--> statement-breakpoint
DROP INDEX "order_lines_guest_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id","status","area_ids","first_day","last_day","days_continuous");
