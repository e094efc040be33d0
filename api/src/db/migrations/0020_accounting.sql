CREATE TABLE `accounting_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`product_family_id` integer,
	`is_default` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_family_id`) REFERENCES `product_families`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounting_entries_family_idx` ON `accounting_entries` (`product_family_id`);--> statement-breakpoint
CREATE TABLE `accounting_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`format` text NOT NULL,
	`status` text NOT NULL,
	`running_company_id` integer,
	`up_to` text,
	`invoice_count` integer DEFAULT 0 NOT NULL,
	`debit_total` text DEFAULT '0' NOT NULL,
	`credit_total` text DEFAULT '0' NOT NULL,
	`accounts` text,
	`file_name` text,
	`file_path` text,
	`created_by` integer NOT NULL,
	`canceled_by` integer,
	`canceled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`canceled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounting_exports_running_idx` ON `accounting_exports` (`running_company_id`);--> statement-breakpoint
CREATE INDEX `accounting_exports_created_idx` ON `accounting_exports` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `accounting_vat_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`vat_rate` text NOT NULL,
	`vat_type` text NOT NULL,
	`self_assessed_code` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounting_vat_entries_rate_idx` ON `accounting_vat_entries` (`vat_type`,`vat_rate`);--> statement-breakpoint
ALTER TABLE `supplier_invoice_lines` ADD `accounting_entry_id` integer;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `accounting_export_id` integer;--> statement-breakpoint
CREATE INDEX `supplier_invoices_export_idx` ON `supplier_invoices` (`accounting_export_id`);--> statement-breakpoint
ALTER TABLE `suppliers` ADD `accounting_code` text;