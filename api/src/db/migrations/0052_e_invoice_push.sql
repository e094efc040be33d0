ALTER TABLE `e_invoice_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `e_invoice_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `e_invoice_outbox` ADD `last_error` text;