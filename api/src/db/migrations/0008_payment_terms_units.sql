ALTER TABLE `purchase_order_lines` ADD `unit` text DEFAULT 'unit' NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `payment_term` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `payment_type` text DEFAULT 'transfer' NOT NULL;