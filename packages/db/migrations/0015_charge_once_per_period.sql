-- A pending charge beside another live charge of the same period is one a process left behind:
-- closed as failed, so that the index below can hold.
UPDATE "subscription_charges" AS "left_behind" SET "status" = 'failed', "reason" = 'interrupted', "settled_at" = now()
WHERE "left_behind"."status" = 'pending' AND "left_behind"."idempotency_key" like 'sub-%' AND EXISTS (
  SELECT 1 FROM "subscription_charges" AS "other"
  WHERE "other"."subscription_id" = "left_behind"."subscription_id" AND "other"."period_end" = "left_behind"."period_end"
    AND "other"."id" <> "left_behind"."id" AND ("other"."status" = 'paid' OR "other"."id" > "left_behind"."id") AND "other"."status" <> 'failed' AND "other"."idempotency_key" like 'sub-%'
);--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_one_per_period_idx" ON "subscription_charges" USING btree ("subscription_id","period_end") WHERE "subscription_charges"."status" <> 'failed' and "subscription_charges"."idempotency_key" like 'sub-%';
