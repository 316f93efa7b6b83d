-- Issue 25, ADR 045: each ticket's cancellation policy becomes a rule (contract/rules/cancellation.ts)
-- and its texts are written from it in the reader's language. The four seeded policies become
-- rules with the same meaning: 24 hours before the activity, and "before the first day of
-- validity", both mean "free until the day before"; the moderate policy's 48 hours are two days.
ALTER TABLE "tickets" ADD COLUMN "cancellation_rule" jsonb;--> statement-breakpoint
UPDATE "tickets" SET "cancellation_rule" = CASE "cancellation_policies"."slug"
    WHEN 'flexible' THEN '{"kind":"day_before","tiers":[],"fee_cents":0,"move_allowed":true}'::jsonb
    WHEN 'moderate' THEN '{"kind":"tiers","tiers":[{"days":7,"percent":100},{"days":2,"percent":50}],"fee_cents":0,"move_allowed":true}'::jsonb
    WHEN 'permit' THEN '{"kind":"day_before","tiers":[],"fee_cents":0,"move_allowed":false}'::jsonb
    ELSE '{"kind":"none","tiers":[],"fee_cents":0,"move_allowed":false}'::jsonb
  END
  FROM "cancellation_policies"
  WHERE "cancellation_policies"."id" = "tickets"."cancellation_policy_id";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "cancellation_rule" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_cancellation_policy_id_cancellation_policies_id_fk";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "cancellation_policy_id";--> statement-breakpoint
DROP TABLE "cancellation_policies" CASCADE;--> statement-breakpoint
-- What each order's buyer was promised: the rule of its ticket as it is now, the nearest there is
-- to the rule in force when they bought.
ALTER TABLE "orders" ADD COLUMN "cancellation_rule" jsonb;--> statement-breakpoint
UPDATE "orders" SET "cancellation_rule" = "tickets"."cancellation_rule"
  FROM "order_lines", "tickets"
  WHERE "order_lines"."order_id" = "orders"."id" AND "tickets"."id" = "order_lines"."ticket_id";--> statement-breakpoint
-- Checkout writes the rule with the order; an order written any other way (an import, the bench
-- data) takes its ticket's rule with its first guest.
CREATE FUNCTION "order_lines_keep_cancellation_rule"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "cancellation_rule" = (SELECT "cancellation_rule" FROM "tickets" WHERE "id" = NEW."ticket_id")
    WHERE "id" = NEW."order_id" AND "cancellation_rule" IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_lines_keep_cancellation_rule" AFTER INSERT ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "order_lines_keep_cancellation_rule"();
