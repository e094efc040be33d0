ALTER TABLE `pending_invoices` ADD `e_invoice` text;--> statement-breakpoint
ALTER TABLE `pending_invoices` ADD `e_invoice_issues` text;