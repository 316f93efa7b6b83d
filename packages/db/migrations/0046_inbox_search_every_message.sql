-- custom: the inbox's search finds a thread by any message in it (ADR 031). Each staff reply and
-- each answer by mail adds its words (and an answer its sender's name and address) to the
-- thread's `search_text`, which the trigram index already answers; the threads already there get
-- those of their replies and answers. Replies and answers are never edited, so the copy cannot
-- drift, and they go with their thread.
CREATE FUNCTION "add_to_inbox_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'inbox_replies' THEN
    UPDATE "inbox_threads" SET "search_text" = "search_text" || ' ' || lower(NEW."body")
    WHERE "id" = NEW."thread_id";
  ELSE
    UPDATE "inbox_threads"
    SET "search_text" = "search_text" || ' ' || lower(coalesce(NEW."from_name" || ' ', '') || NEW."from_address" || ' ' || NEW."body")
    WHERE "id" = NEW."thread_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "inbox_replies_add_to_search" AFTER INSERT ON "inbox_replies"
  FOR EACH ROW EXECUTE FUNCTION "add_to_inbox_search"();--> statement-breakpoint
CREATE TRIGGER "inbox_received_mails_add_to_search" AFTER INSERT ON "inbox_received_mails"
  FOR EACH ROW EXECUTE FUNCTION "add_to_inbox_search"();--> statement-breakpoint
UPDATE "inbox_threads" SET "search_text" = "inbox_threads"."search_text"
  || coalesce((SELECT string_agg(' ' || lower("body"), '' ORDER BY "id") FROM "inbox_replies" WHERE "thread_id" = "inbox_threads"."id"), '')
  || coalesce((SELECT string_agg(' ' || lower(coalesce("from_name" || ' ', '') || "from_address" || ' ' || "body"), '' ORDER BY "received_at", "id") FROM "inbox_received_mails" WHERE "thread_id" = "inbox_threads"."id"), '')
WHERE EXISTS (SELECT 1 FROM "inbox_replies" WHERE "thread_id" = "inbox_threads"."id")
   OR EXISTS (SELECT 1 FROM "inbox_received_mails" WHERE "thread_id" = "inbox_threads"."id");
