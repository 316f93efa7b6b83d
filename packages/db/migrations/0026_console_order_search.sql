CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_ticket_day_idx" ON "order_lines" USING btree ("ticket_id","start_date");--> statement-breakpoint
CREATE INDEX "order_lines_start_date_idx" ON "order_lines" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "order_lines_fiscal_code_idx" ON "order_lines" USING btree ("fiscal_code") WHERE fiscal_code is not null;--> statement-breakpoint
CREATE INDEX "order_lines_guest_name_trgm_idx" ON "order_lines" USING gin ("guest_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");