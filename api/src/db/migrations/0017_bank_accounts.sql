CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner` text NOT NULL,
	`supplier_id` integer,
	`company_id` integer,
	`account_number_type` text NOT NULL,
	`account_number` text NOT NULL,
	`bic` text,
	`holder_name` text NOT NULL,
	`holder_type` text NOT NULL,
	`holder_country_code` text NOT NULL,
	`main` integer DEFAULT false NOT NULL,
	`payment_option` text NOT NULL,
	`status` text NOT NULL,
	`changed_by` integer NOT NULL,
	`validated_by` integer,
	`validated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`validated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bank_accounts_supplier_idx` ON `bank_accounts` (`supplier_id`);--> statement-breakpoint
CREATE INDEX `bank_accounts_company_idx` ON `bank_accounts` (`company_id`);--> statement-breakpoint
CREATE INDEX `bank_accounts_number_idx` ON `bank_accounts` (`account_number`);