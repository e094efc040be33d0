CREATE TABLE `stored_files` (
	`path` text PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer NOT NULL
);
