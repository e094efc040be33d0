ALTER TABLE "accounting_exports" ADD COLUMN "payment_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "accounting_export_id" bigint;--> statement-breakpoint
CREATE INDEX "payment_lines_accounting_idx" ON "payment_lines" USING btree ("accounting_export_id");