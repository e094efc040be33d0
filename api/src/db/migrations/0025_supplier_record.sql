CREATE TABLE `geographic_sectors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`parent_id` integer,
	`requires_siret` integer DEFAULT false NOT NULL,
	`requires_duns` integer DEFAULT false NOT NULL,
	`requires_intra_community_vat` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `geographic_sectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `supplier_approval_roles` (
	`role_id` integer PRIMARY KEY NOT NULL,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `supplier_approvals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`approved_on` text NOT NULL,
	`valid_until` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_approvals_supplier_idx` ON `supplier_approvals` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `supplier_families` (
	`supplier_id` integer NOT NULL,
	`family_id` integer NOT NULL,
	`main` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`supplier_id`, `family_id`),
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`family_id`) REFERENCES `product_families`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_families_family_idx` ON `supplier_families` (`family_id`);--> statement-breakpoint
CREATE TABLE `supplier_file_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`validator_role_id` integer,
	FOREIGN KEY (`validator_role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_file_categories_label_unique` ON `supplier_file_categories` (`label`);--> statement-breakpoint
CREATE TABLE `supplier_file_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`category_id` integer NOT NULL,
	`duration_months` integer,
	`show_in_certification_chart` integer DEFAULT false NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `supplier_file_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_file_types_label_unique` ON `supplier_file_types` (`label`);--> statement-breakpoint
CREATE TABLE `supplier_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`type_id` integer,
	`category_id` integer NOT NULL,
	`label` text,
	`document_date` text NOT NULL,
	`validity_date` text,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`storage_path` text NOT NULL,
	`sent_by_user_id` integer,
	`sent_by_contact_id` integer,
	`validated_at` integer,
	`validated_by` integer,
	`disabled` integer DEFAULT false NOT NULL,
	`expiry_warned_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`type_id`) REFERENCES `supplier_file_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `supplier_file_categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sent_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sent_by_contact_id`) REFERENCES `supplier_contacts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`validated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_files_supplier_idx` ON `supplier_files` (`supplier_id`);--> statement-breakpoint
CREATE INDEX `supplier_files_validity_idx` ON `supplier_files` (`validity_date`);--> statement-breakpoint
CREATE TABLE `supplier_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_groups_label_unique` ON `supplier_groups` (`label`);--> statement-breakpoint
CREATE TABLE `supplier_sectors` (
	`supplier_id` integer NOT NULL,
	`sector_id` integer NOT NULL,
	PRIMARY KEY(`supplier_id`, `sector_id`),
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sector_id`) REFERENCES `geographic_sectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplier_sectors_sector_idx` ON `supplier_sectors` (`sector_id`);--> statement-breakpoint
ALTER TABLE `supplier_contacts` ADD `main_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_contacts` ADD `main_billing_contact` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_contacts` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `supplier_contacts` ADD `mobile` text;--> statement-breakpoint
ALTER TABLE `supplier_contacts` ADD `types` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `client_number` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `duns` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `account_type` text DEFAULT 'iban' NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `contractual_status` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `qualification` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `group_id` integer REFERENCES supplier_groups(id);--> statement-breakpoint
ALTER TABLE `suppliers` ADD `manager_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `suppliers` ADD `manage_shipping_date` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `manage_stock` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `po_informations` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `punchout_url` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `website` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `activity_details` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `surveillance_min_amount` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `under_surveillance` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `approved_until` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `forced_status` text;--> statement-breakpoint
ALTER TABLE `suppliers` ADD `forced_status_date` text;