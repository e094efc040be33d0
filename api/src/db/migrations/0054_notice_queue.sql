CREATE TABLE `notice_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notice` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notice_queue_claim_idx` ON `notice_queue` (`claimed_until`,`id`);