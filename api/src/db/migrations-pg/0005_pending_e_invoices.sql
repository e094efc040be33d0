ALTER TABLE "pending_invoices" ADD COLUMN "e_invoice" jsonb;--> statement-breakpoint
ALTER TABLE "pending_invoices" ADD COLUMN "e_invoice_issues" jsonb;