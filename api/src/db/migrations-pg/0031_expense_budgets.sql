ALTER TABLE "budget_moves" ADD COLUMN "expense_report_id" bigint;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "allocation1" text;--> statement-breakpoint
CREATE INDEX "budget_moves_report_idx" ON "budget_moves" USING btree ("expense_report_id");