ALTER TABLE `supplier_invoice_lines` ADD `allocation1` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_lines` ADD `allocation2` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_lines` ADD `allocation3` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_lines` ADD `allocation4` text;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `kind` text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
CREATE INDEX `supplier_invoices_kind_idx` ON `supplier_invoices` (`kind`,`created_at`,`id`);