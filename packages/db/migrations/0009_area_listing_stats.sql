CREATE TABLE "area_listing_stats" (
	"area_id" integer PRIMARY KEY NOT NULL,
	"ticket_count" integer NOT NULL,
	"min_price_cents" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "ticket_facets_area_idx";--> statement-breakpoint
DROP INDEX "ticket_facets_region_idx";--> statement-breakpoint
DROP INDEX "ticket_facets_popularity_idx";--> statement-breakpoint
DROP INDEX "ticket_facets_created_idx";--> statement-breakpoint
ALTER TABLE "area_listing_stats" ADD CONSTRAINT "area_listing_stats_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_facets_discount_idx" ON "ticket_facets" USING btree ("discount_cents" DESC NULLS FIRST,"ticket_id") WHERE "ticket_facets"."discount_cents" > 0;--> statement-breakpoint
CREATE INDEX "ticket_facets_area_idx" ON "ticket_facets" USING btree ("area_id","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_region_idx" ON "ticket_facets" USING btree ("region_id","area_id","ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_popularity_idx" ON "ticket_facets" USING btree ("popularity" DESC NULLS FIRST,"ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_facets_created_idx" ON "ticket_facets" USING btree ("created_at" DESC NULLS FIRST,"ticket_id" DESC NULLS FIRST);--> statement-breakpoint
-- Brings the listing stats of the given areas back in line with their rows in ticket_facets.
-- Serialised per area by a transaction-scoped advisory lock, so two writers to one area's
-- listings cannot leave the figures of whichever counted first.
CREATE FUNCTION refresh_area_listing_stats(p_areas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  area integer;
BEGIN
  FOREACH area IN ARRAY (SELECT array_agg(DISTINCT a ORDER BY a) FROM unnest(p_areas) AS a) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('area_listing_stats'), area);
  END LOOP;
  DELETE FROM area_listing_stats WHERE area_id = ANY (p_areas);
  INSERT INTO area_listing_stats (area_id, ticket_count, min_price_cents)
    SELECT f.area_id, count(*)::integer, min(f.price_cents)
    FROM ticket_facets f
    WHERE f.area_id = ANY (p_areas)
    GROUP BY f.area_id;
END;
$$;--> statement-breakpoint
CREATE FUNCTION ticket_facets_listings_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_area_listing_stats(ARRAY(SELECT DISTINCT area_id FROM added));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION ticket_facets_listings_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_area_listing_stats(ARRAY(SELECT DISTINCT area_id FROM removed));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only rows whose area or price changed count: the popularity job rewrites facet rows often.
CREATE FUNCTION ticket_facets_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  SELECT array_agg(DISTINCT area) INTO touched
  FROM (
    SELECT unnest(ARRAY[b.area_id, a.area_id]) AS area
    FROM removed b JOIN added a ON a.ticket_id = b.ticket_id
    WHERE a.area_id <> b.area_id OR a.price_cents <> b.price_cents
  ) AS changed;
  IF touched IS NOT NULL THEN
    PERFORM refresh_area_listing_stats(touched);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION ticket_facets_listings_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM area_listing_stats;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ticket_facets_listings_added AFTER INSERT ON ticket_facets
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ticket_facets_listings_added();--> statement-breakpoint
CREATE TRIGGER ticket_facets_listings_removed AFTER DELETE ON ticket_facets
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ticket_facets_listings_removed();--> statement-breakpoint
CREATE TRIGGER ticket_facets_listings_changed AFTER UPDATE ON ticket_facets
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ticket_facets_listings_changed();--> statement-breakpoint
CREATE TRIGGER ticket_facets_listings_emptied AFTER TRUNCATE ON ticket_facets
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_facets_listings_emptied();--> statement-breakpoint
-- The listings already there.
INSERT INTO area_listing_stats (area_id, ticket_count, min_price_cents)
  SELECT area_id, count(*)::integer, min(price_cents) FROM ticket_facets GROUP BY area_id;
