CREATE TABLE "inbox_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"message_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"contact_message_id" integer,
	"activation_request_id" integer,
	"state" text DEFAULT 'new' NOT NULL,
	"assigned_staff_id" integer,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_threads_contact_message_id_unique" UNIQUE("contact_message_id"),
	CONSTRAINT "inbox_threads_activation_request_id_unique" UNIQUE("activation_request_id"),
	CONSTRAINT "inbox_threads_message_check" CHECK (("inbox_threads"."kind" = 'contact' and "inbox_threads"."contact_message_id" is not null and "inbox_threads"."activation_request_id" is null) or ("inbox_threads"."kind" = 'area_activation' and "inbox_threads"."activation_request_id" is not null and "inbox_threads"."contact_message_id" is null)),
	CONSTRAINT "inbox_threads_state_check" CHECK ("inbox_threads"."state" in ('new', 'answered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_activation_request_id_area_activation_requests_id_fk" FOREIGN KEY ("activation_request_id") REFERENCES "public"."area_activation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_replies_thread_idx" ON "inbox_replies" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "inbox_threads_created_idx" ON "inbox_threads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_threads_state_created_idx" ON "inbox_threads" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_threads_assignee_idx" ON "inbox_threads" USING btree ("assigned_staff_id");--> statement-breakpoint
CREATE INDEX "inbox_threads_search_trgm_idx" ON "inbox_threads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- custom: every contact message and "area not available" request opens a thread as it arrives,
-- whichever module writes it; the rows already there become new threads.
CREATE FUNCTION "open_inbox_thread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'contact_messages' THEN
    INSERT INTO "inbox_threads" ("kind", "contact_message_id", "search_text", "created_at", "updated_at")
    VALUES ('contact', NEW."id", lower(NEW."full_name" || ' ' || NEW."email" || ' ' || NEW."message"), NEW."created_at", NEW."created_at");
  ELSE
    INSERT INTO "inbox_threads" ("kind", "activation_request_id", "search_text", "created_at", "updated_at")
    VALUES ('area_activation', NEW."id", lower(NEW."email"), NEW."created_at", NEW."created_at");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contact_messages_open_inbox_thread" AFTER INSERT ON "contact_messages"
  FOR EACH ROW EXECUTE FUNCTION "open_inbox_thread"();--> statement-breakpoint
CREATE TRIGGER "area_activation_requests_open_inbox_thread" AFTER INSERT ON "area_activation_requests"
  FOR EACH ROW EXECUTE FUNCTION "open_inbox_thread"();--> statement-breakpoint
INSERT INTO "inbox_threads" ("kind", "contact_message_id", "search_text", "created_at", "updated_at")
  SELECT 'contact', "id", lower("full_name" || ' ' || "email" || ' ' || "message"), "created_at", "created_at"
  FROM "contact_messages" ORDER BY "id";--> statement-breakpoint
INSERT INTO "inbox_threads" ("kind", "activation_request_id", "search_text", "created_at", "updated_at")
  SELECT 'area_activation', "id", lower("email"), "created_at", "created_at"
  FROM "area_activation_requests" ORDER BY "id";
