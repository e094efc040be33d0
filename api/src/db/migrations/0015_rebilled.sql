ALTER TABLE `purchase_order_lines` ADD `rebilled_amount_exctax` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `rebilled_amount_exctax` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_invoice_lines` ADD `rebill` integer DEFAULT false NOT NULL;