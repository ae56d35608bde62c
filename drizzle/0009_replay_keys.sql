CREATE TABLE `replay_keys` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`expires_at` integer NOT NULL
);
