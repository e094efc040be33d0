CREATE TABLE `supplier_contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`label` text NOT NULL,
	`reference` text,
	`start_date` text NOT NULL,
	`end_date` text,
	`tacit_renewal` integer DEFAULT false NOT NULL,
	`notice_months` integer DEFAULT 0 NOT NULL,
	`amount_exctax` text,
	`ended` integer DEFAULT false NOT NULL,
	`notice_warned_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_contracts_supplier_idx` ON `supplier_contracts` (`supplier_id`);--> statement-breakpoint
CREATE INDEX `supplier_contracts_end_idx` ON `supplier_contracts` (`end_date`);