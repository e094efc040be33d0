CREATE TABLE `article_affiliations` (
	`article_id` integer NOT NULL,
	`affiliated_id` integer NOT NULL,
	PRIMARY KEY(`article_id`, `affiliated_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`affiliated_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `article_favorites` (
	`user_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `article_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `article_features` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`label` text NOT NULL,
	`value` text NOT NULL,
	`unit` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_features_article_idx` ON `article_features` (`article_id`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`label` text NOT NULL,
	`supplier_code` text,
	`unit_price_exctax` text NOT NULL,
	`unit_number_per_price` text DEFAULT '1' NOT NULL,
	`price_exctax` text NOT NULL,
	`price_inctax` text NOT NULL,
	`price_sort` integer DEFAULT 0 NOT NULL,
	`original_unit_price_exctax` text,
	`original_price_exctax` text,
	`original_price_inctax` text,
	`quantity_step` text,
	`vat_rate` text NOT NULL,
	`vat_rate_2` text,
	`conditioning` text,
	`supplier_sheet_url` text,
	`image_path` text,
	`internal` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`product_family_type_id` integer,
	`product_family_id` integer,
	`product_subfamily_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_family_type_id`) REFERENCES `product_family_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_family_id`) REFERENCES `product_families`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_subfamily_id`) REFERENCES `product_subfamilies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_reference_unique` ON `articles` (`reference`);--> statement-breakpoint
CREATE INDEX `articles_label_idx` ON `articles` (`label`);--> statement-breakpoint
CREATE INDEX `articles_family_idx` ON `articles` (`product_family_id`,`label`);--> statement-breakpoint
CREATE INDEX `articles_price_idx` ON `articles` (`price_sort`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`quantity` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`warehouse_id`) REFERENCES `warehouses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_unique` ON `cart_items` (`user_id`,`warehouse_id`,`article_id`);--> statement-breakpoint
CREATE TABLE `product_families` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`product_family_type_id` integer,
	FOREIGN KEY (`product_family_type_id`) REFERENCES `product_family_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_families_code_unique` ON `product_families` (`code`);--> statement-breakpoint
CREATE TABLE `product_family_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_family_types_code_unique` ON `product_family_types` (`code`);--> statement-breakpoint
CREATE TABLE `product_subfamilies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`product_family_id` integer,
	FOREIGN KEY (`product_family_id`) REFERENCES `product_families`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_subfamilies_code_unique` ON `product_subfamilies` (`code`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stock_id` integer NOT NULL,
	`type` text NOT NULL,
	`quantity` integer NOT NULL,
	`actual_after` integer NOT NULL,
	`supplier_id` integer,
	`purchase_order_id` integer,
	`transfer_id` text,
	`comment` text,
	`user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`stock_id`) REFERENCES `stocks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_movements_stock_idx` ON `stock_movements` (`stock_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`warehouse_id` integer NOT NULL,
	`actual` integer DEFAULT 0 NOT NULL,
	`reserved` integer DEFAULT 0 NOT NULL,
	`minimum` integer DEFAULT 0 NOT NULL,
	`location` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`warehouse_id`) REFERENCES `warehouses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stocks_article_warehouse` ON `stocks` (`article_id`,`warehouse_id`);--> statement-breakpoint
CREATE INDEX `stocks_warehouse_idx` ON `stocks` (`warehouse_id`);--> statement-breakpoint
CREATE TABLE `supplier_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`supplier_code` text,
	`unit_price_exctax` text NOT NULL,
	`main` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_articles_unique` ON `supplier_articles` (`article_id`,`supplier_id`);--> statement-breakpoint
CREATE TABLE `warehouses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`company_id` integer,
	`address` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `warehouses_code_unique` ON `warehouses` (`code`);