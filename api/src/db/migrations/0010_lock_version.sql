ALTER TABLE `needs` ADD `lock_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `lock_version` integer DEFAULT 0 NOT NULL;