DROP INDEX `purchase_orders_status_idx`;--> statement-breakpoint
DROP INDEX `purchase_orders_created_idx`;--> statement-breakpoint
CREATE INDEX `purchase_orders_status_idx` ON `purchase_orders` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `purchase_orders_created_idx` ON `purchase_orders` (`created_at`,`id`);