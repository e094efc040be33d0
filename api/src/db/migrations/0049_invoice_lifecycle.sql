CREATE TABLE `invoice_lifecycle` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_invoice_id` integer NOT NULL,
	`code` text NOT NULL,
	`reason_code` text,
	`comment` text,
	`user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_lifecycle_invoice_idx` ON `invoice_lifecycle` (`supplier_invoice_id`,`id`);--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `e_invoice` integer DEFAULT false NOT NULL;