DROP INDEX `events_city_starts`;--> statement-breakpoint
DROP INDEX `events_start_day`;--> statement-breakpoint
ALTER TABLE `events` ADD `search_record` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `until_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `events_city_search` ON `events` (`city_key`,`starts_at`,`id`,`start_day`,`end_day`,`until_at`);--> statement-breakpoint
CREATE INDEX `events_search` ON `events` (`starts_at`,`id`,`start_day`,`end_day`,`until_at`);--> statement-breakpoint
UPDATE `events` SET `until_at` = COALESCE(`ends_at`, `starts_at`),
  `search_record` = json_set(`record`, '$._source', json_object('domain', (SELECT `domain` FROM `organizations` o WHERE o.`org_id` = `events`.`org_id`), 'scrapedAt', strftime('%Y-%m-%dT%H:%M:%fZ', `scraped_at` / 1000.0, 'unixepoch'), 'scriptVersion', `script_version`), '$._external', json(CASE WHEN `is_external` THEN 'true' ELSE 'false' END));
