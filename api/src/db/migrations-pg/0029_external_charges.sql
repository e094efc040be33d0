ALTER TABLE "supplier_invoice_lines" ADD COLUMN "allocation1" text;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD COLUMN "allocation2" text;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD COLUMN "allocation3" text;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD COLUMN "allocation4" text;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_invoices_kind_idx" ON "supplier_invoices" USING btree ("kind","created_at","id");