ALTER TABLE "supplier_invoices" ADD COLUMN "corrects_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_corrects_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An invoice captured with a negative total was a credit note: it is one now.
UPDATE "supplier_invoices" SET "kind" = 'credit_note' WHERE "kind" = 'invoice' AND "amount_exctax" LIKE '-%';
