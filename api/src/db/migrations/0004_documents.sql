CREATE TABLE `attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`model` text NOT NULL,
	`model_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`recipient_id` integer,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`storage_path` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `attachments_document_idx` ON `attachments` (`model`,`model_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`model` text NOT NULL,
	`model_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `comments_document_idx` ON `comments` (`model`,`model_id`);--> statement-breakpoint
ALTER TABLE `need_lines` ADD `product_family` text;--> statement-breakpoint
ALTER TABLE `need_lines` ADD `quantity_step` text;--> statement-breakpoint
ALTER TABLE `need_lines` ADD `allocation2` text;--> statement-breakpoint
ALTER TABLE `need_lines` ADD `allocation3` text;--> statement-breakpoint
ALTER TABLE `need_lines` ADD `allocation4` text;--> statement-breakpoint
ALTER TABLE `need_lines` ADD `delivery_address` text;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `quantity_step` text;