CREATE TABLE `framework_agreement_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`agreement_id` integer NOT NULL,
	`position` integer NOT NULL,
	`article_id` integer,
	`label` text NOT NULL,
	`unit` text DEFAULT 'unit' NOT NULL,
	`unit_price_exctax` text NOT NULL,
	`vat_rate` text NOT NULL,
	`ceiling_kind` text NOT NULL,
	`ceiling` text NOT NULL,
	`ceiling_units` integer NOT NULL,
	`limit_units` integer NOT NULL,
	`drawn_units` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`agreement_id`) REFERENCES `framework_agreements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `framework_agreement_lines_agreement_idx` ON `framework_agreement_lines` (`agreement_id`);--> statement-breakpoint
CREATE TABLE `framework_agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`supplier_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`currency_code` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`allowance_percent` text DEFAULT '0' NOT NULL,
	`buyer_id` integer NOT NULL,
	`validated_by` integer,
	`refusal_reason` text,
	`expiry_warned_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`validated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `framework_agreements_code_idx` ON `framework_agreements` (`code`);--> statement-breakpoint
CREATE INDEX `framework_agreements_supplier_idx` ON `framework_agreements` (`supplier_id`,`status`);--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `agreement_line_id` integer;--> statement-breakpoint
ALTER TABLE `purchase_order_lines` ADD `agreement_draw_units` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `purchase_order_lines_agreement_idx` ON `purchase_order_lines` (`agreement_line_id`);