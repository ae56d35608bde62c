CREATE TABLE `replay_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `replay_keys_expires` ON `replay_keys` (`expires_at`);