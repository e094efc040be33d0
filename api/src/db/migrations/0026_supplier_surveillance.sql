CREATE TABLE `supplier_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`criterion` text NOT NULL,
	`score` integer NOT NULL,
	`comment` text,
	`rated_on` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_ratings_supplier_idx` ON `supplier_ratings` (`supplier_id`,`rated_on`);--> statement-breakpoint
CREATE TABLE `supplier_safety` (
	`supplier_id` integer NOT NULL,
	`month` text NOT NULL,
	`hours_worked` integer NOT NULL,
	`accidents_with_lost_time` integer NOT NULL,
	`accidents_without_lost_time` integer NOT NULL,
	`days_lost` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`supplier_id`, `month`),
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `supplier_statistics` (
	`supplier_id` integer PRIMARY KEY NOT NULL,
	`ordered_amount` text NOT NULL,
	`otd` text,
	`oqd` text,
	`tf1` text,
	`tg` text,
	`rating` text,
	`flagged` integer DEFAULT false NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `supplier_turnovers` (
	`supplier_id` integer NOT NULL,
	`year` integer NOT NULL,
	`amount` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`supplier_id`, `year`),
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
