CREATE INDEX `budgets_key_sort_idx` ON `budgets` (`key`,`id`);--> statement-breakpoint
CREATE INDEX `expense_reports_created_idx` ON `expense_reports` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `needs_created_idx` ON `needs` (`created_at`,`id`);