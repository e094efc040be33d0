ALTER TABLE "purchase_order_lines" ADD COLUMN "rebilled_amount_exctax" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "rebilled_amount_exctax" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD COLUMN "rebill" boolean DEFAULT false NOT NULL;