-- unaccent folds accents (Soča = soca), pg_trgm matches misspelt words; PGlite ships both.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_words" (
	"language" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_language_word_pk" PRIMARY KEY("language","word")
);
--> statement-breakpoint
CREATE TABLE "ticket_search" (
	"ticket_id" integer NOT NULL,
	"language" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"words" text NOT NULL,
	CONSTRAINT "ticket_search_ticket_id_language_pk" PRIMARY KEY("ticket_id","language")
);
--> statement-breakpoint
ALTER TABLE "ticket_search" ADD CONSTRAINT "ticket_search_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_search_document_idx" ON "ticket_search" USING gin ("document");