CREATE TABLE `expense_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`currency_code` text NOT NULL,
	`amount_exctax` text NOT NULL,
	`amount_inctax` text NOT NULL,
	`expense_count` integer NOT NULL,
	`status` text NOT NULL,
	`circuit` text,
	`payment_date` text,
	`accounting_export_id` integer,
	`lock_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `expense_reports_code_idx` ON `expense_reports` (`code`);--> statement-breakpoint
CREATE INDEX `expense_reports_user_idx` ON `expense_reports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `expense_reports_status_idx` ON `expense_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `expense_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`default_vat_rate` text DEFAULT '0' NOT NULL,
	`account` text,
	`active` integer DEFAULT true NOT NULL,
	`fields` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `expense_types_code_unique` ON `expense_types` (`code`);--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`expense_type_id` integer NOT NULL,
	`expense_report_id` integer,
	`expense_date` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`currency_code` text NOT NULL,
	`amount_exctax` text NOT NULL,
	`amount_inctax` text NOT NULL,
	`vat` text NOT NULL,
	`values` text NOT NULL,
	`distance` text,
	`transport_mean` text,
	`fiscal_horsepower` integer,
	`electric` integer DEFAULT false NOT NULL,
	`scale_period_id` integer,
	`payment_status` text DEFAULT 'no' NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`expense_type_id`) REFERENCES `expense_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`expense_report_id`) REFERENCES `expense_reports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scale_period_id`) REFERENCES `scale_periods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `expenses_user_idx` ON `expenses` (`user_id`,`expense_date`);--> statement-breakpoint
CREATE INDEX `expenses_report_idx` ON `expenses` (`expense_report_id`);--> statement-breakpoint
CREATE INDEX `expenses_mileage_idx` ON `expenses` (`user_id`,`scale_period_id`,`transport_mean`);--> statement-breakpoint
CREATE TABLE `kilometer_scales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scale_period_id` integer NOT NULL,
	`transport_mean` text NOT NULL,
	`fiscal_horsepower` integer NOT NULL,
	`min_distance` integer NOT NULL,
	`max_distance` integer,
	`rate` text NOT NULL,
	`fixed_amount` text DEFAULT '0' NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`scale_period_id`) REFERENCES `scale_periods`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kilometer_scales_band_idx` ON `kilometer_scales` (`scale_period_id`,`transport_mean`,`fiscal_horsepower`,`min_distance`);--> statement-breakpoint
CREATE TABLE `scale_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`electric_bonus_percent` text DEFAULT '0' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scale_periods_code_unique` ON `scale_periods` (`code`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payment_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_group_id` integer NOT NULL,
	`supplier_invoice_id` integer,
	`purchase_order_id` integer,
	`supplier_id` integer,
	`expense_report_id` integer,
	`user_id` integer,
	`amount_inctax` text NOT NULL,
	`status` text NOT NULL,
	`bank_account_id` integer,
	`reason_code` text,
	`payment_export_id` integer,
	`paid_at` integer,
	`accounting_export_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_group_id`) REFERENCES `payment_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`expense_report_id`) REFERENCES `expense_reports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_export_id`) REFERENCES `payment_exports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_payment_lines`("id", "payment_group_id", "supplier_invoice_id", "purchase_order_id", "supplier_id", "amount_inctax", "status", "bank_account_id", "reason_code", "payment_export_id", "paid_at", "accounting_export_id", "created_at", "updated_at") SELECT "id", "payment_group_id", "supplier_invoice_id", "purchase_order_id", "supplier_id", "amount_inctax", "status", "bank_account_id", "reason_code", "payment_export_id", "paid_at", "accounting_export_id", "created_at", "updated_at" FROM `payment_lines`;--> statement-breakpoint
DROP TABLE `payment_lines`;--> statement-breakpoint
ALTER TABLE `__new_payment_lines` RENAME TO `payment_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `payment_lines_group_idx` ON `payment_lines` (`payment_group_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_accounting_idx` ON `payment_lines` (`accounting_export_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_invoice_idx` ON `payment_lines` (`supplier_invoice_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_order_idx` ON `payment_lines` (`purchase_order_id`);--> statement-breakpoint
CREATE INDEX `payment_lines_report_idx` ON `payment_lines` (`expense_report_id`);--> statement-breakpoint
ALTER TABLE `bank_accounts` ADD `user_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `bank_accounts_user_idx` ON `bank_accounts` (`user_id`);