CREATE TABLE `rfq_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rfq_id` integer NOT NULL,
	`position` integer NOT NULL,
	`article_id` integer,
	`label` text NOT NULL,
	`quantity` text NOT NULL,
	`unit` text DEFAULT 'unit' NOT NULL,
	`wanted_on` text,
	`need_id` integer,
	`need_line_id` integer,
	`awarded_supplier_id` integer,
	`purchase_order_id` integer,
	FOREIGN KEY (`rfq_id`) REFERENCES `rfqs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`awarded_supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rfq_lines_rfq_idx` ON `rfq_lines` (`rfq_id`);--> statement-breakpoint
CREATE TABLE `rfq_quotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rfq_supplier_id` integer NOT NULL,
	`rfq_line_id` integer NOT NULL,
	`unit_price_exctax` text NOT NULL,
	`vat_rate` text NOT NULL,
	`quantity` text,
	`lead_time_days` integer,
	`valid_until` text,
	`min_quantity` text,
	`comment` text,
	FOREIGN KEY (`rfq_supplier_id`) REFERENCES `rfq_suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rfq_line_id`) REFERENCES `rfq_lines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rfq_quotes_line_idx` ON `rfq_quotes` (`rfq_supplier_id`,`rfq_line_id`);--> statement-breakpoint
CREATE TABLE `rfq_suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rfq_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`contact_id` integer,
	`sent_to` text,
	`answered_at` integer,
	`answered_by` integer,
	`currency_code` text,
	`comment` text,
	`file_name` text,
	`file_path` text,
	`told_lost_at` integer,
	FOREIGN KEY (`rfq_id`) REFERENCES `rfqs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`answered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rfq_suppliers_supplier_idx` ON `rfq_suppliers` (`rfq_id`,`supplier_id`);--> statement-breakpoint
CREATE TABLE `rfqs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`company_id` integer NOT NULL,
	`currency_code` text NOT NULL,
	`reply_by` text NOT NULL,
	`comment` text,
	`buyer_id` integer NOT NULL,
	`award_reason` text,
	`sent_at` integer,
	`closed_at` integer,
	`awarded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rfqs_code_idx` ON `rfqs` (`code`);--> statement-breakpoint
CREATE INDEX `rfqs_status_idx` ON `rfqs` (`status`,`reply_by`);--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `rfq_id` integer;