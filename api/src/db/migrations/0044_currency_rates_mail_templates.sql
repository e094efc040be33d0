CREATE TABLE `currency_rates` (
	`currency_code` text NOT NULL,
	`valid_from` text NOT NULL,
	`rate` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`currency_code`, `valid_from`),
	FOREIGN KEY (`currency_code`) REFERENCES `currencies`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `mail_templates` (
	`key` text NOT NULL,
	`language` text NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`key`, `language`)
);
--> statement-breakpoint
ALTER TABLE `purchase_orders` ADD `exchange_rate` text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `exchange_rate` text DEFAULT '1' NOT NULL;--> statement-breakpoint
UPDATE purchase_orders SET exchange_rate = coalesce((SELECT rate FROM currencies WHERE currencies.code = purchase_orders.currency_code), '1');--> statement-breakpoint
UPDATE supplier_invoices SET exchange_rate = coalesce((SELECT rate FROM currencies WHERE currencies.code = supplier_invoices.currency_code), '1');
