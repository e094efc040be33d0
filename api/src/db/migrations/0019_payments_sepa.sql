CREATE TABLE `payment_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_group_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`format` text NOT NULL,
	`line_count` integer NOT NULL,
	`control_sum` text NOT NULL,
	`file` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_group_id`) REFERENCES `payment_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_exports_message_idx` ON `payment_exports` (`message_id`);--> statement-breakpoint
CREATE INDEX `payment_exports_group_idx` ON `payment_exports` (`payment_group_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payment_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_group_id` integer NOT NULL,
	`supplier_invoice_id` integer,
	`purchase_order_id` integer,
	`supplier_id` integer NOT NULL,
	`amount_inctax` text NOT NULL,
	`status` text NOT NULL,
	`bank_account_id` integer,
	`reason_code` text,
	`payment_export_id` integer,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_group_id`) REFERENCES `payment_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_export_id`) REFERENCES `payment_exports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_payment_lines`("id", "payment_group_id", "supplier_invoice_id", "supplier_id", "amount_inctax", "status", "bank_account_id", "reason_code", "created_at", "updated_at") SELECT "id", "payment_group_id", "supplier_invoice_id", "supplier_id", "amount_inctax", "status", "bank_account_id", "reason_code", "created_at", "updated_at" FROM `payment_lines`;--> statement-breakpoint
DROP TABLE `payment_lines`;--> statement-breakpoint
ALTER TABLE `__new_payment_lines` RENAME TO `payment_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `payment_lines_group_idx` ON `payment_lines` (`payment_group_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_invoice_idx` ON `payment_lines` (`supplier_invoice_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_order_idx` ON `payment_lines` (`purchase_order_id`);--> statement-breakpoint
ALTER TABLE `payment_groups` ADD `circuit` text;