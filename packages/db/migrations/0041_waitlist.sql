CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"party_size" smallint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waitlist_entries_party_check" CHECK ("waitlist_entries"."party_size" between 1 and 10),
	CONSTRAINT "waitlist_entries_state_check" CHECK ("waitlist_entries"."state" in ('waiting', 'offered', 'bought', 'declined', 'lapsed', 'left'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"places" smallint NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"told_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_token_unique" UNIQUE("token"),
	CONSTRAINT "waitlist_offers_state_check" CHECK ("waitlist_offers"."state" in ('open', 'accepted', 'declined', 'lapsed')),
	CONSTRAINT "waitlist_offers_places_check" CHECK ("waitlist_offers"."places" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_member_day_idx" ON "waitlist_entries" USING btree ("ticket_id","day","user_id") WHERE state in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("ticket_id","day","created_at","id") WHERE state in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_open_idx" ON "waitlist_offers" USING btree ("entry_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_day_idx" ON "waitlist_offers" USING btree ("ticket_id","day");--> statement-breakpoint
-- Places that come back to a day with a waiting list are offered at once (ADR 050): a job of the
-- `waitlist-offer` queue for that ticket and day, written in the transaction that gives them back
-- (a cancellation, a refund, an expired or failed order, a declined or lapsed offer, the operator
-- raising a capacity or reopening a day), whatever code path gave them back. The row is the one
-- `insertJobsSql` writes (job-rows.ts); none when the day has nobody waiting, when pg-boss has not
-- made its schema or the queue yet (a database no worker started on), or when a run for the same
-- day is still waiting to start.
CREATE FUNCTION queue_waitlist_offer(p_ticket integer, p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM waitlist_entries e
      WHERE e.ticket_id = p_ticket AND e.day = p_day AND e.state = 'waiting') THEN
    RETURN;
  END IF;
  IF to_regclass('pgboss.job') IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO pgboss.job (name, data, priority, start_after, singleton_key, singleton_on,
      expire_seconds, deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff,
      retry_delay_max, policy, dead_letter)
    SELECT q.name, jsonb_build_object('ticketId', p_ticket, 'day', p_day::text), 0, now(), null, null,
      q.expire_seconds, q.deletion_seconds, now() + q.retention_seconds * interval '1s', q.retry_limit,
      q.retry_delay, coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy, q.dead_letter
    FROM pgboss.queue q
    WHERE q.name = 'waitlist-offer'
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'waitlist-offer' AND j.state = 'created'
        AND j.data = jsonb_build_object('ticketId', p_ticket, 'day', p_day::text))
    ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION waitlist_places_freed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM queue_waitlist_offer(NEW.ticket_id, NEW.day);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_day_places_freed AFTER UPDATE OF taken ON ticket_day_places
  FOR EACH ROW WHEN (NEW.taken < OLD.taken) EXECUTE FUNCTION waitlist_places_freed();
--> statement-breakpoint
-- The operator changed a day: more places, fewer, closed or reopened. The job finds out which.
CREATE FUNCTION waitlist_day_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM queue_waitlist_offer(OLD.ticket_id, OLD.day);
  ELSE
    PERFORM queue_waitlist_offer(NEW.ticket_id, NEW.day);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ticket_day_overrides_changed AFTER INSERT OR UPDATE OR DELETE ON ticket_day_overrides
  FOR EACH ROW EXECUTE FUNCTION waitlist_day_changed();
--> statement-breakpoint
-- A ticket's own capacity raised (or lifted): every day of it with someone waiting.
CREATE FUNCTION waitlist_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting_day date;
BEGIN
  FOR waiting_day IN SELECT DISTINCT e.day FROM waitlist_entries e
      WHERE e.ticket_id = NEW.id AND e.state = 'waiting' LOOP
    PERFORM queue_waitlist_offer(NEW.id, waiting_day);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_capacity_changed AFTER UPDATE OF daily_capacity, status ON tickets
  FOR EACH ROW WHEN (NEW.daily_capacity IS DISTINCT FROM OLD.daily_capacity OR NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION waitlist_ticket_changed();
