ALTER TABLE "e_invoice_outbox" ALTER COLUMN "supplier_invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lifecycle" ALTER COLUMN "supplier_invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "e_invoice_outbox" ADD COLUMN "pending_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "invoice_lifecycle" ADD COLUMN "pending_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "invoice_lifecycle" ADD COLUMN "source" text DEFAULT 'buyer' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lifecycle" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "invoice_lifecycle" ADD CONSTRAINT "invoice_lifecycle_pending_invoice_id_pending_invoices_id_fk" FOREIGN KEY ("pending_invoice_id") REFERENCES "public"."pending_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lifecycle_pending_idx" ON "invoice_lifecycle" USING btree ("pending_invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lifecycle_message_idx" ON "invoice_lifecycle" USING btree ("message_id");