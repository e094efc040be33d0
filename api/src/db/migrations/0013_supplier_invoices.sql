CREATE TABLE `invoice_dispute_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_invoice_id` integer NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_dispute_messages_invoice_idx` ON `invoice_dispute_messages` (`supplier_invoice_id`);--> statement-breakpoint
CREATE TABLE `pending_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`supplier_id` integer,
	`label` text,
	`invoice_date` text,
	`currency_code` text NOT NULL,
	`amount_exctax` text NOT NULL,
	`amount_inctax` text NOT NULL,
	`comment` text,
	`file_name` text,
	`file_path` text,
	`file_size` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `pending_invoices_status_idx` ON `pending_invoices` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `supplier_invoice_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_invoice_id` integer NOT NULL,
	`position` integer NOT NULL,
	`purchase_order_line_id` integer,
	`purchase_order_id` integer,
	`label` text NOT NULL,
	`quantity` text,
	`unit_price_exctax` text,
	`amount_exctax` text NOT NULL,
	`vat_rate` text NOT NULL,
	`match_result` text NOT NULL,
	`remaining_exctax` text,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`purchase_order_line_id`) REFERENCES `purchase_order_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_invoice_lines_invoice_idx` ON `supplier_invoice_lines` (`supplier_invoice_id`);--> statement-breakpoint
CREATE INDEX `supplier_invoice_lines_order_line_idx` ON `supplier_invoice_lines` (`purchase_order_line_id`);--> statement-breakpoint
CREATE TABLE `supplier_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`supplier_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`department_id` integer,
	`currency_code` text NOT NULL,
	`invoice_date` text NOT NULL,
	`due_date` text NOT NULL,
	`outside_eu` integer DEFAULT false NOT NULL,
	`vat_type` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text DEFAULT 'no' NOT NULL,
	`dispute_status` text DEFAULT 'no' NOT NULL,
	`exported_at` integer,
	`amount_exctax` text NOT NULL,
	`amount_tax` text NOT NULL,
	`amount_inctax` text NOT NULL,
	`payable_amount` text NOT NULL,
	`vat_breakdown` text NOT NULL,
	`pending_invoice_id` integer,
	`comment` text,
	`circuit` text,
	`validated_at` integer,
	`created_by` integer NOT NULL,
	`lock_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pending_invoice_id`) REFERENCES `pending_invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_invoices_code_idx` ON `supplier_invoices` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_invoices_number_idx` ON `supplier_invoices` (`supplier_id`,`label`);--> statement-breakpoint
CREATE INDEX `supplier_invoices_status_idx` ON `supplier_invoices` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `supplier_invoices_created_idx` ON `supplier_invoices` (`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `billed_quantity` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `billed_amount_exctax` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `billing_status` text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `billed_amount_exctax` text DEFAULT '0' NOT NULL;