-- A past-due membership's benefits end at `grace_until` (ADR 017): Sentiero's retry window for
-- web memberships, the app store's own word for theirs. Those past due now keep their window.
ALTER TABLE "subscriptions" ADD COLUMN "grace_until" timestamp with time zone;
--> statement-breakpoint
UPDATE "subscriptions" SET "grace_until" = "past_due_since" + interval '7 days'
  WHERE "status" = 'past_due' AND "past_due_since" IS NOT NULL;
