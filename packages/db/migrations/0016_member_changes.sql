-- Every change to what the API keeps of a member in memory (the session, the account, the
-- Sentiero+ membership, the newsletter) is announced on the channel `member_changed` with the
-- member's id, so that every API process forgets it at once, whichever process or job wrote it.
CREATE FUNCTION "announce_member_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  "member" text := "changed" ->> TG_ARGV[0];
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) ->> TG_ARGV[0] IS DISTINCT FROM "member" THEN
    PERFORM pg_notify('member_changed', coalesce(to_jsonb(OLD) ->> TG_ARGV[0], ''));
  END IF;
  -- A newsletter address not linked to an account still belongs to the member with that email.
  IF "member" IS NULL AND TG_TABLE_NAME = 'newsletter_subscriptions' THEN
    SELECT "id"::text INTO "member" FROM "users" WHERE "email" = "changed" ->> 'email';
  END IF;
  IF "member" IS NOT NULL THEN
    PERFORM pg_notify('member_changed', "member");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_member_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "announce_member_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "newsletter_subscriptions_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "announce_member_change"('user_id');
