PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_e_invoice_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_lifecycle_id` integer NOT NULL,
	`supplier_invoice_id` integer,
	`pending_invoice_id` integer,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`acknowledged_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	FOREIGN KEY (`invoice_lifecycle_id`) REFERENCES `invoice_lifecycle`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_e_invoice_outbox`("id", "invoice_lifecycle_id", "supplier_invoice_id", "payload", "created_at", "acknowledged_at", "attempts", "next_attempt_at", "last_error") SELECT "id", "invoice_lifecycle_id", "supplier_invoice_id", "payload", "created_at", "acknowledged_at", "attempts", "next_attempt_at", "last_error" FROM `e_invoice_outbox`;--> statement-breakpoint
DROP TABLE `e_invoice_outbox`;--> statement-breakpoint
ALTER TABLE `__new_e_invoice_outbox` RENAME TO `e_invoice_outbox`;--> statement-breakpoint
CREATE UNIQUE INDEX `e_invoice_outbox_status_idx` ON `e_invoice_outbox` (`invoice_lifecycle_id`);--> statement-breakpoint
CREATE INDEX `e_invoice_outbox_pending_idx` ON `e_invoice_outbox` (`acknowledged_at`,`id`);--> statement-breakpoint
CREATE TABLE `__new_invoice_lifecycle` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_invoice_id` integer,
	`pending_invoice_id` integer,
	`code` text NOT NULL,
	`reason_code` text,
	`comment` text,
	`user_id` integer,
	`source` text DEFAULT 'buyer' NOT NULL,
	`message_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pending_invoice_id`) REFERENCES `pending_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_invoice_lifecycle`("id", "supplier_invoice_id", "code", "reason_code", "comment", "user_id", "created_at") SELECT "id", "supplier_invoice_id", "code", "reason_code", "comment", "user_id", "created_at" FROM `invoice_lifecycle`;--> statement-breakpoint
DROP TABLE `invoice_lifecycle`;--> statement-breakpoint
ALTER TABLE `__new_invoice_lifecycle` RENAME TO `invoice_lifecycle`;--> statement-breakpoint
CREATE INDEX `invoice_lifecycle_invoice_idx` ON `invoice_lifecycle` (`supplier_invoice_id`,`id`);--> statement-breakpoint
CREATE INDEX `invoice_lifecycle_pending_idx` ON `invoice_lifecycle` (`pending_invoice_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_lifecycle_message_idx` ON `invoice_lifecycle` (`message_id`);--> statement-breakpoint
PRAGMA foreign_keys=ON;
