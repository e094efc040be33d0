CREATE TABLE `allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`level` integer NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`parent_id` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `allocations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `allocations_code_idx` ON `allocations` (`level`,`code`);--> statement-breakpoint
CREATE TABLE `budget_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`budget_id` integer NOT NULL,
	`kind` text NOT NULL,
	`units` integer NOT NULL,
	`need_id` integer,
	`order_id` integer,
	`invoice_id` integer,
	`user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `budget_moves_budget_idx` ON `budget_moves` (`budget_id`);--> statement-breakpoint
CREATE INDEX `budget_moves_need_idx` ON `budget_moves` (`need_id`);--> statement-breakpoint
CREATE INDEX `budget_moves_order_idx` ON `budget_moves` (`order_id`);--> statement-breakpoint
CREATE INDEX `budget_moves_invoice_idx` ON `budget_moves` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `budgets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fiscal_period_id` integer NOT NULL,
	`company_id` integer,
	`department_id` integer,
	`allocation1` text,
	`allocation2` text,
	`allocation3` text,
	`allocation4` text,
	`key` text NOT NULL,
	`label` text,
	`amount` integer NOT NULL,
	`copied_forecast_amount` text,
	`last_validated_amount` text,
	`tag` text,
	`overrun_action` text DEFAULT 'block' NOT NULL,
	`owner_id` integer,
	`reserved` integer DEFAULT 0 NOT NULL,
	`committed` integer DEFAULT 0 NOT NULL,
	`actual` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fiscal_period_id`) REFERENCES `fiscal_periods`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `budgets_key_idx` ON `budgets` (`fiscal_period_id`,`key`);--> statement-breakpoint
CREATE TABLE `fiscal_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fiscal_periods_code_unique` ON `fiscal_periods` (`code`);--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `allocation1` text;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `allocation2` text;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `allocation3` text;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `allocation4` text;