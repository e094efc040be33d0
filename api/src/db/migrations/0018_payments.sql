CREATE TABLE `payment_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`payment_date` text NOT NULL,
	`company_id` integer NOT NULL,
	`currency_code` text NOT NULL,
	`amount_inctax` text NOT NULL,
	`created_by` integer NOT NULL,
	`lock_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_groups_code_idx` ON `payment_groups` (`code`);--> statement-breakpoint
CREATE INDEX `payment_groups_created_idx` ON `payment_groups` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `payment_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_group_id` integer NOT NULL,
	`supplier_invoice_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`amount_inctax` text NOT NULL,
	`status` text NOT NULL,
	`bank_account_id` integer,
	`reason_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_group_id`) REFERENCES `payment_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_lines_group_idx` ON `payment_lines` (`payment_group_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_invoice_idx` ON `payment_lines` (`supplier_invoice_id`);