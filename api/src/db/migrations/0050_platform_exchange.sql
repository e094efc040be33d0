CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_idx` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `e_invoice_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_lifecycle_id` integer NOT NULL,
	`supplier_invoice_id` integer NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`acknowledged_at` integer,
	FOREIGN KEY (`invoice_lifecycle_id`) REFERENCES `invoice_lifecycle`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `e_invoice_outbox_status_idx` ON `e_invoice_outbox` (`invoice_lifecycle_id`);--> statement-breakpoint
CREATE INDEX `e_invoice_outbox_pending_idx` ON `e_invoice_outbox` (`acknowledged_at`,`id`);