CREATE TABLE "catalogue_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer,
	"area_id" integer,
	"file_name" text NOT NULL,
	"version" text NOT NULL,
	"bytes" integer NOT NULL,
	"body" "bytea" NOT NULL,
	"uploaded_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_documents_subject_check" CHECK (("catalogue_documents"."ticket_id" is null) <> ("catalogue_documents"."area_id" is null))
);
--> statement-breakpoint
CREATE TABLE "ticket_day_overrides" (
	"ticket_id" integer NOT NULL,
	"day" date NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"capacity" integer,
	"reason" text NOT NULL,
	"updated_by_staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_day_overrides_ticket_id_day_pk" PRIMARY KEY("ticket_id","day"),
	CONSTRAINT "ticket_day_overrides_change_check" CHECK ("ticket_day_overrides"."closed" or "ticket_day_overrides"."capacity" is not null),
	CONSTRAINT "ticket_day_overrides_capacity_check" CHECK ("ticket_day_overrides"."capacity" is null or "ticket_day_overrides"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_documents" ADD CONSTRAINT "catalogue_documents_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_documents" ADD CONSTRAINT "catalogue_documents_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_documents" ADD CONSTRAINT "catalogue_documents_uploaded_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("uploaded_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_day_overrides" ADD CONSTRAINT "ticket_day_overrides_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_day_overrides" ADD CONSTRAINT "ticket_day_overrides_updated_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_documents_ticket_idx" ON "catalogue_documents" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "catalogue_documents_area_idx" ON "catalogue_documents" USING btree ("area_id");--> statement-breakpoint
-- A ticket taken off sale before (active false) stays off: unpublished.
UPDATE "tickets" SET "status" = 'unpublished' WHERE NOT "active";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('draft', 'published', 'unpublished'));--> statement-breakpoint
-- Takes places of one ticket on several days in one statement: all of them (true) or none (false),
-- as 0007 did, now with the operator's per-day overrides: a day's own capacity replaces the
-- ticket's (p_capacity; null: no limit but the day's own). A closed day is refused at its start by
-- the start-date rule, not here: a weekly permit still runs through a closed day in its week.
-- Each day's row is locked by the upsert; under read committed the WHERE is evaluated again on
-- the newest version of a row another buyer just changed, so concurrent buyers never take more
-- than the capacity.
CREATE OR REPLACE FUNCTION take_ticket_places(p_ticket integer, p_days date[], p_counts integer[], p_capacity integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_capacity integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_days, 1), 0) LOOP
    v_capacity := coalesce(
      (SELECT o.capacity FROM ticket_day_overrides o WHERE o.ticket_id = p_ticket AND o.day = p_days[i]),
      p_capacity);
    IF v_capacity IS NOT NULL AND p_counts[i] > v_capacity THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'SN001';
    END IF;
    INSERT INTO ticket_day_places AS places (ticket_id, day, taken)
      VALUES (p_ticket, p_days[i], p_counts[i])
      ON CONFLICT (ticket_id, day) DO UPDATE SET taken = places.taken + p_counts[i]
      WHERE v_capacity IS NULL OR places.taken + p_counts[i] <= v_capacity;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'SN001';
    END IF;
  END LOOP;
  RETURN true;
EXCEPTION WHEN SQLSTATE 'SN001' THEN
  RETURN false;
END;
$$;
--> statement-breakpoint
-- As 0009's, but a statement that changes no listing (the console refreshing a draft's, which
-- has none) passes an empty array, which FOREACH refuses as null once aggregated.
CREATE OR REPLACE FUNCTION refresh_area_listing_stats(p_areas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  area integer;
BEGIN
  FOREACH area IN ARRAY coalesce((SELECT array_agg(DISTINCT a ORDER BY a) FROM unnest(p_areas) AS a), '{}') LOOP
    PERFORM pg_advisory_xact_lock(hashtext('area_listing_stats'), area);
  END LOOP;
  DELETE FROM area_listing_stats WHERE area_id = ANY (p_areas);
  INSERT INTO area_listing_stats (area_id, ticket_count, min_price_cents)
    SELECT f.area_id, count(*)::integer, min(f.price_cents)
    FROM ticket_facets f
    WHERE f.area_id = ANY (p_areas)
    GROUP BY f.area_id;
END;
$$;
