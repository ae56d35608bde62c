CREATE TABLE `usage_reports` (
	`agent_id` text NOT NULL,
	`request_id` text NOT NULL,
	`usage` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`agent_id`, `request_id`)
);
--> statement-breakpoint
CREATE INDEX `usage_reports_state` ON `usage_reports` (`state`,`updated_at`);--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `result_hash` text;--> statement-breakpoint
ALTER TABLE `index_jobs` ADD `interruptions` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `index_jobs` ADD `billing` text;