CREATE TABLE `deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`purchase_order_id` integer NOT NULL,
	`delivery_date` text NOT NULL,
	`internal_number` text,
	`delivery_note_number` text,
	`warehouse_id` integer,
	`from_warehouse_id` integer,
	`conform` integer,
	`comment` text,
	`technical_delivery_id` integer,
	`created_by` integer NOT NULL,
	`confirmed_by` integer,
	`confirmed_at` integer,
	`canceled_by` integer,
	`canceled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`warehouse_id`) REFERENCES `warehouses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_warehouse_id`) REFERENCES `warehouses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`canceled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_code_idx` ON `deliveries` (`code`);--> statement-breakpoint
CREATE INDEX `deliveries_order_idx` ON `deliveries` (`purchase_order_id`);--> statement-breakpoint
CREATE INDEX `deliveries_created_idx` ON `deliveries` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `deliveries_kind_status_idx` ON `deliveries` (`kind`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `delivery_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`purchase_order_line_id` integer NOT NULL,
	`quantity` text NOT NULL,
	`amount_exctax` text NOT NULL,
	`stock_id` integer,
	`from_stock_id` integer,
	`stock_units` integer,
	FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`purchase_order_line_id`) REFERENCES `purchase_order_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`stock_id`) REFERENCES `stocks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_stock_id`) REFERENCES `stocks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `delivery_lines_delivery_idx` ON `delivery_lines` (`delivery_id`);--> statement-breakpoint
CREATE INDEX `delivery_lines_order_line_idx` ON `delivery_lines` (`purchase_order_line_id`);--> statement-breakpoint
CREATE TABLE `delivery_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`kind` text NOT NULL,
	`comment` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `delivery_reservations_delivery_idx` ON `delivery_reservations` (`delivery_id`);--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `receipt_mode` text DEFAULT 'quantity' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `delivered_quantity` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `delivered_amount_exctax` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `predelivered_quantity` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `predelivered_amount_exctax` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `delivery_status` text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `delivered_amount_exctax` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `predelivered_amount_exctax` text DEFAULT '0' NOT NULL;