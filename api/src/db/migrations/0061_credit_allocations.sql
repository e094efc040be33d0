CREATE TABLE `credit_allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`credit_note_id` integer NOT NULL,
	`supplier_invoice_id` integer NOT NULL,
	`amount` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`credit_note_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supplier_invoice_id`) REFERENCES `supplier_invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_allocations_pair_idx` ON `credit_allocations` (`credit_note_id`,`supplier_invoice_id`);--> statement-breakpoint
CREATE INDEX `credit_allocations_invoice_idx` ON `credit_allocations` (`supplier_invoice_id`);