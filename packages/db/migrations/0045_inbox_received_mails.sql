CREATE TABLE "inbox_received_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "inbox_received_mails" ADD CONSTRAINT "inbox_received_mails_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_received_mails_message_idx" ON "inbox_received_mails" USING btree ("thread_id","message_id");--> statement-breakpoint
CREATE INDEX "inbox_received_mails_thread_idx" ON "inbox_received_mails" USING btree ("thread_id","received_at");