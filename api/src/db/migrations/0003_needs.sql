CREATE TABLE `need_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`need_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`quantity` text NOT NULL,
	`unit` text NOT NULL,
	`unit_price_exctax` text NOT NULL,
	`vat_rate` text NOT NULL,
	`wanted_date` text,
	`allocation1` text,
	`amount_exctax` text NOT NULL,
	FOREIGN KEY (`need_id`) REFERENCES `needs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `need_lines_need_idx` ON `need_lines` (`need_id`);--> statement-breakpoint
CREATE TABLE `needs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`processing` text DEFAULT 'none' NOT NULL,
	`requester_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`purchase_family` text NOT NULL,
	`comment` text,
	`amount_exctax` text NOT NULL,
	`circuit` text,
	`purchase_order_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `needs_code_unique` ON `needs` (`code`);--> statement-breakpoint
CREATE INDEX `needs_status_idx` ON `needs` (`status`,`processing`);--> statement-breakpoint
CREATE INDEX `needs_requester_idx` ON `needs` (`requester_id`);