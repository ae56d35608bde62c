CREATE TABLE `accounts` (
	`account_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_key_hash_unique` ON `accounts` (`key_hash`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`tool` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency_key_unique` ON `credit_ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_ledger_account` ON `credit_ledger` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `event_categories` (
	`event_pk` integer NOT NULL,
	`category` text NOT NULL,
	PRIMARY KEY(`event_pk`, `category`),
	FOREIGN KEY (`event_pk`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_categories_category` ON `event_categories` (`category`,`event_pk`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` text NOT NULL,
	`event_id` text NOT NULL,
	`source_id` integer,
	`title` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`all_day` integer DEFAULT false NOT NULL,
	`city` text,
	`city_key` text,
	`category` text,
	`latitude` real,
	`longitude` real,
	`is_external` integer DEFAULT false NOT NULL,
	`is_family` integer DEFAULT false NOT NULL,
	`record` text NOT NULL,
	`scraped_at` integer NOT NULL,
	`script_version` text NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`org_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `sources`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_org_event` ON `events` (`org_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `events_org_starts` ON `events` (`org_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_starts` ON `events` (`starts_at`);--> statement-breakpoint
CREATE INDEX `events_city_starts` ON `events` (`city_key`,`starts_at`);--> statement-breakpoint
CREATE TABLE `index_jobs` (
	`job_id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`website` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`hints` text DEFAULT '{}' NOT NULL,
	`hint_report` text DEFAULT '[]' NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`progress` text DEFAULT '{}' NOT NULL,
	`error` text,
	`event_count` integer,
	`agent_id` text,
	`account_id` text,
	`request_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`org_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `index_jobs_state_lease` ON `index_jobs` (`state`,`lease_expires_at`);--> statement-breakpoint
CREATE INDEX `index_jobs_org_created` ON `index_jobs` (`org_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`org_id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`website` text,
	`name` text,
	`timezone` text,
	`platform` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	`last_indexed_at` integer,
	`last_job_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_domain_unique` ON `organizations` (`domain`);--> statement-breakpoint
CREATE TABLE `reports` (
	`report_id` text PRIMARY KEY NOT NULL,
	`reporter` text NOT NULL,
	`agent_id` text,
	`email` text,
	`message` text NOT NULL,
	`domain` text,
	`org_id` text,
	`job_id` text,
	`diagnostics` text DEFAULT '{}' NOT NULL,
	`delivered` integer DEFAULT false NOT NULL,
	`delivery_attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `reports_reporter_created` ON `reports` (`reporter`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_undelivered` ON `reports` (`delivered`,`created_at`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` text NOT NULL,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`platform` text,
	`status` text NOT NULL,
	`http_status` integer,
	`error` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	`etag` text,
	`last_modified` text,
	`last_fetched_at` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`org_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sources_org_url` ON `sources` (`org_id`,`url`);