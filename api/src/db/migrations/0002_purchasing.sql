CREATE TABLE `circuit_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_type` text NOT NULL,
	`min_amount` text DEFAULT '0' NOT NULL,
	`max_amount` text,
	`weight` integer,
	`criteria` text NOT NULL,
	`validator_login` text,
	`validator_role` text
);
--> statement-breakpoint
CREATE TABLE `delegations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delegator_id` integer NOT NULL,
	`delegate_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`default_limit` text,
	`tag_limits` text DEFAULT '{}' NOT NULL,
	`notify_delegate` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`delegator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`delegate_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `purchase_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purchase_order_id` integer NOT NULL,
	`position` integer NOT NULL,
	`article_id` integer,
	`label` text NOT NULL,
	`quantity` text NOT NULL,
	`unit_price_exctax` text NOT NULL,
	`vat_rate` text NOT NULL,
	`vat_rate_2` text,
	`amount_exctax` text NOT NULL,
	`amount_tax` text NOT NULL,
	`amount_inctax` text NOT NULL,
	FOREIGN KEY (`purchase_order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `purchase_order_lines_order_idx` ON `purchase_order_lines` (`purchase_order_id`);--> statement-breakpoint
CREATE TABLE `purchase_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`replaces_id` integer,
	`status` text NOT NULL,
	`previous_status` text,
	`supplier_id` integer NOT NULL,
	`supplier_contact_id` integer,
	`company_id` integer NOT NULL,
	`department_id` integer,
	`buyer_id` integer NOT NULL,
	`currency_code` text NOT NULL,
	`purchase_type` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`amount_exctax` text NOT NULL,
	`amount_tax` text NOT NULL,
	`amount_inctax` text NOT NULL,
	`vat_breakdown` text NOT NULL,
	`deposit` text,
	`deposit_paid_at` integer,
	`delivery_address` text,
	`supplier_comment` text,
	`delivery_status` text DEFAULT 'no' NOT NULL,
	`billing_status` text DEFAULT 'no' NOT NULL,
	`payment_status` text DEFAULT 'no' NOT NULL,
	`send_mode` text,
	`sent_at` integer,
	`sent_to` text,
	`circuit` text,
	`validated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_contact_id`) REFERENCES `supplier_contacts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `purchase_orders_status_idx` ON `purchase_orders` (`status`);--> statement-breakpoint
CREATE INDEX `purchase_orders_supplier_idx` ON `purchase_orders` (`supplier_id`,`validated_at`);--> statement-breakpoint
CREATE INDEX `purchase_orders_code_idx` ON `purchase_orders` (`code`,`version`);--> statement-breakpoint
CREATE TABLE `supplier_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`main_order_contact` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`company_name` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`currency_code` text NOT NULL,
	`max_per_order` text,
	`max_per_year` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_code_unique` ON `suppliers` (`code`);