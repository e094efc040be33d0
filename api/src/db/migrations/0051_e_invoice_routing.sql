ALTER TABLE `companies` ADD `siren` text;--> statement-breakpoint
ALTER TABLE `departments` ADD `routing_code` text;--> statement-breakpoint
ALTER TABLE `pending_invoices` ADD `company_id` integer REFERENCES companies(id);--> statement-breakpoint
ALTER TABLE `pending_invoices` ADD `department_id` integer REFERENCES departments(id);