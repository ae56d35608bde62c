ALTER TABLE `events` ADD `start_day` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `end_day` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `events_start_day` ON `events` (`start_day`,`starts_at`);