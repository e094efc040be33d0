PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_supplier_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`supplier_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`language` text DEFAULT 'en' NOT NULL,
	`main_order_contact` integer DEFAULT false NOT NULL,
	`main_contact` integer DEFAULT false NOT NULL,
	`main_billing_contact` integer DEFAULT false NOT NULL,
	`phone` text,
	`mobile` text,
	`types` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_supplier_contacts`("id", "supplier_id", "name", "email", "language", "main_order_contact", "main_contact", "main_billing_contact", "phone", "mobile", "types") SELECT "id", "supplier_id", "name", "email", "language", "main_order_contact", "main_contact", "main_billing_contact", "phone", "mobile", "types" FROM `supplier_contacts`;--> statement-breakpoint
DROP TABLE `supplier_contacts`;--> statement-breakpoint
ALTER TABLE `__new_supplier_contacts` RENAME TO `supplier_contacts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;