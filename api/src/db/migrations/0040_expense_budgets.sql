ALTER TABLE `budget_moves` ADD `expense_report_id` integer;--> statement-breakpoint
CREATE INDEX `budget_moves_report_idx` ON `budget_moves` (`expense_report_id`);--> statement-breakpoint
ALTER TABLE `expenses` ADD `allocation1` text;