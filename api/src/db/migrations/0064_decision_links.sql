CREATE TABLE `decision_links` (
	`nonce_hash` text PRIMARY KEY NOT NULL,
	`model` text NOT NULL,
	`model_id` integer NOT NULL,
	`decision` text NOT NULL,
	`user_id` integer NOT NULL,
	`step` integer NOT NULL,
	`version` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `decision_links_model_idx` ON `decision_links` (`model`,`model_id`);--> statement-breakpoint
CREATE INDEX `decision_links_expires_idx` ON `decision_links` (`expires_at`);--> statement-breakpoint
CREATE TABLE `instance_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer NOT NULL
);
