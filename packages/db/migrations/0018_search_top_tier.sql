ALTER TABLE "ticket_search" ADD COLUMN "top_tier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_search_top_tier_it_idx" ON "ticket_search" USING gin ("document") WHERE language = 'it' and top_tier;--> statement-breakpoint
CREATE INDEX "ticket_search_top_tier_en_idx" ON "ticket_search" USING gin ("document") WHERE language = 'en' and top_tier;--> statement-breakpoint
CREATE INDEX "ticket_search_top_tier_es_idx" ON "ticket_search" USING gin ("document") WHERE language = 'es' and top_tier;--> statement-breakpoint
CREATE INDEX "ticket_search_top_tier_de_idx" ON "ticket_search" USING gin ("document") WHERE language = 'de' and top_tier;--> statement-breakpoint
CREATE INDEX "ticket_search_top_tier_sl_idx" ON "ticket_search" USING gin ("document") WHERE language = 'sl' and top_tier;