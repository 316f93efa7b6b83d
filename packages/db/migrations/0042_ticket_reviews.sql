-- Issue 25, item 5 (ADR 051): buyers review the tickets they used; the event page reads each
-- ticket's average from a stored aggregate written in the review's own transaction.
CREATE TABLE "review_request_opt_outs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_review_requests" (
	"issued_ticket_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_review_stats" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_review_stats_count_check" CHECK ("ticket_review_stats"."review_count" >= 0 and "ticket_review_stats"."rating_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"issued_ticket_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" integer,
	CONSTRAINT "ticket_reviews_rating_check" CHECK ("ticket_reviews"."rating" between 1 and 5),
	CONSTRAINT "ticket_reviews_body_check" CHECK (char_length("ticket_reviews"."body") <= 2000),
	CONSTRAINT "ticket_reviews_answer_check" CHECK (char_length("ticket_reviews"."answer") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "review_request_opt_outs" ADD CONSTRAINT "review_request_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_review_requests" ADD CONSTRAINT "ticket_review_requests_issued_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("issued_ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_review_requests" ADD CONSTRAINT "ticket_review_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_review_stats" ADD CONSTRAINT "ticket_review_stats_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reviews" ADD CONSTRAINT "ticket_reviews_issued_ticket_id_issued_tickets_id_fk" FOREIGN KEY ("issued_ticket_id") REFERENCES "public"."issued_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reviews" ADD CONSTRAINT "ticket_reviews_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reviews" ADD CONSTRAINT "ticket_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reviews" ADD CONSTRAINT "ticket_reviews_answered_by_staff_accounts_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reviews" ADD CONSTRAINT "ticket_reviews_hidden_by_staff_accounts_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_review_requests_token_idx" ON "ticket_review_requests" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_reviews_issued_ticket_idx" ON "ticket_reviews" USING btree ("issued_ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_reviews_shown_idx" ON "ticket_reviews" USING btree ("ticket_id","language","created_at","id") WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "ticket_reviews_created_at_idx" ON "ticket_reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_reviews_user_idx" ON "ticket_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ticket_reviews_shown_newest_idx" ON "ticket_reviews" USING btree ("ticket_id","created_at","id") WHERE hidden_at is null;
