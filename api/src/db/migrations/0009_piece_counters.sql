CREATE TABLE `piece_counters` (
	`series` text NOT NULL,
	`period` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`series`, `period`)
);
--> statement-breakpoint
DROP INDEX `purchase_orders_code_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_orders_code_idx` ON `purchase_orders` (`code`,`version`);--> statement-breakpoint
INSERT INTO `piece_counters` (`series`, `period`, `value`)
SELECT 'purchase_order', 'Y:' || strftime('%Y', `created_at` / 1000, 'unixepoch'), count(*)
FROM `purchase_orders` WHERE `version` = 1 GROUP BY 2;--> statement-breakpoint
INSERT INTO `piece_counters` (`series`, `period`, `value`)
SELECT 'purchase_order', 'M:' || strftime('%Y-%m', `created_at` / 1000, 'unixepoch'), count(*)
FROM `purchase_orders` WHERE `version` = 1 GROUP BY 2;--> statement-breakpoint
INSERT INTO `piece_counters` (`series`, `period`, `value`)
SELECT 'purchase_order', 'MC:' || strftime('%Y-%m', `created_at` / 1000, 'unixepoch') || ':' || `company_id`, count(*)
FROM `purchase_orders` WHERE `version` = 1 GROUP BY 2;--> statement-breakpoint
INSERT INTO `piece_counters` (`series`, `period`, `value`)
SELECT 'need', 'Y:' || substr(`code`, 5, 4), max(CAST(substr(`code`, 10) AS INTEGER))
FROM `needs` WHERE `code` LIKE 'REQ-____-%' GROUP BY 2;
