CREATE TABLE `oauth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`client_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`code_challenge` text NOT NULL,
	`resource` text NOT NULL,
	`scope` text NOT NULL,
	`family_id` text,
	`used_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_codes_expires` ON `oauth_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oauth_keys` (
	`kid` text PRIMARY KEY NOT NULL,
	`use` text NOT NULL,
	`alg` text NOT NULL,
	`private_jwk` text NOT NULL,
	`public_jwk` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oauth_refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`account_id` text NOT NULL,
	`client_id` text NOT NULL,
	`resource` text NOT NULL,
	`scope` text NOT NULL,
	`used_at` integer,
	`revoked_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`account_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_refresh_family` ON `oauth_refresh_tokens` (`family_id`);--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `call_hash` text;--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `result` text;--> statement-breakpoint
CREATE INDEX `credit_ledger_call` ON `credit_ledger` (`account_id`,`call_hash`,`created_at`);