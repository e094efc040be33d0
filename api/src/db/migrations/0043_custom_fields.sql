CREATE TABLE `custom_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`model` text NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`in_list` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_fields_code_idx` ON `custom_fields` (`model`,`code`);--> statement-breakpoint
CREATE TABLE `custom_values` (
	`model` text NOT NULL,
	`document_id` integer NOT NULL,
	`field_id` integer NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`model`, `document_id`, `field_id`),
	FOREIGN KEY (`field_id`) REFERENCES `custom_fields`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `custom_values_field_idx` ON `custom_values` (`field_id`,`value`);