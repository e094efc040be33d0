ALTER TABLE `accounting_exports` ADD `payment_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_lines` ADD `accounting_export_id` integer;--> statement-breakpoint
CREATE INDEX `payment_lines_accounting_idx` ON `payment_lines` (`accounting_export_id`);