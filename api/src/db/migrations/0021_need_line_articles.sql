ALTER TABLE `need_lines` ADD `article_id` integer;--> statement-breakpoint
ALTER TABLE `need_lines` ADD `supplier_id` integer;