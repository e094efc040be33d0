CREATE INDEX "budgets_key_sort_idx" ON "budgets" USING btree ("key","id");--> statement-breakpoint
CREATE INDEX "expense_reports_created_idx" ON "expense_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "needs_created_idx" ON "needs" USING btree ("created_at","id");