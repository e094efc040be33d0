ALTER TABLE `product_families` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `product_family_types` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `product_subfamilies` ADD `active` integer DEFAULT true NOT NULL;