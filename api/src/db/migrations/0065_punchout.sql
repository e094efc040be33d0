CREATE TABLE `punchout_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cookie_hash` text NOT NULL,
	`supplier_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`protocol` text NOT NULL,
	`operation` text DEFAULT 'create' NOT NULL,
	`expires_at` integer NOT NULL,
	`returned_at` integer,
	`lines` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`warehouse_id`) REFERENCES `warehouses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `punchout_sessions_cookie_idx` ON `punchout_sessions` (`cookie_hash`);--> statement-breakpoint
CREATE INDEX `punchout_sessions_expires_idx` ON `punchout_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `supplier_punchouts` (
	`supplier_id` integer PRIMARY KEY NOT NULL,
	`protocol` text NOT NULL,
	`from_domain` text,
	`from_identity` text,
	`to_domain` text,
	`to_identity` text,
	`sender_domain` text,
	`sender_identity` text,
	`shared_secret` text,
	`oci_username` text,
	`oci_password` text,
	`vat_rate` text DEFAULT '20' NOT NULL,
	`purchase_family` text,
	`order_url` text,
	`updated_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_cart_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`article_id` integer,
	`supplier_id` integer NOT NULL,
	`quantity` text NOT NULL,
	`punchout_session_id` integer,
	`supplier_part_id` text,
	`supplier_part_aux_id` text,
	`label` text,
	`unit` text,
	`unit_price_exctax` text,
	`vat_rate` text,
	`currency_code` text,
	`classification` text,
	`lead_time_days` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`warehouse_id`) REFERENCES `warehouses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`punchout_session_id`) REFERENCES `punchout_sessions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_cart_items`("id", "user_id", "warehouse_id", "article_id", "supplier_id", "quantity", "punchout_session_id", "supplier_part_id", "supplier_part_aux_id", "label", "unit", "unit_price_exctax", "vat_rate", "currency_code", "classification", "lead_time_days", "created_at", "updated_at") SELECT "id", "user_id", "warehouse_id", "article_id", "supplier_id", "quantity", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "created_at", "updated_at" FROM `cart_items`;--> statement-breakpoint
DROP TABLE `cart_items`;--> statement-breakpoint
ALTER TABLE `__new_cart_items` RENAME TO `cart_items`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_unique` ON `cart_items` (`user_id`,`warehouse_id`,`article_id`);--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `supplier_part_id` text;