DROP INDEX `event_categories_category`;--> statement-breakpoint
DROP INDEX `events_starts`;--> statement-breakpoint
DROP INDEX `events_city_search`;--> statement-breakpoint
DROP INDEX `events_search`;--> statement-breakpoint
ALTER TABLE `event_categories` ADD `city_key` text;--> statement-breakpoint
ALTER TABLE `event_categories` ADD `starts_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `event_categories` ADD `start_day` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `event_categories` ADD `end_day` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `event_categories` ADD `until_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `event_categories` ADD `span_class` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `span_class` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `geo_cell` integer;--> statement-breakpoint
-- Existing rows: the span class and venue cell as eventColumns() computes them (src/db/queries/event-columns.ts),
-- then the search columns copied to the category rows.
UPDATE `events` SET `span_class` = CASE WHEN julianday(`end_day`) IS NULL OR julianday(`start_day`) IS NULL THEN 6
  WHEN julianday(`end_day`) - julianday(`start_day`) <= 0 THEN 0 WHEN julianday(`end_day`) - julianday(`start_day`) <= 3 THEN 1
  WHEN julianday(`end_day`) - julianday(`start_day`) <= 15 THEN 2 WHEN julianday(`end_day`) - julianday(`start_day`) <= 63 THEN 3
  WHEN julianday(`end_day`) - julianday(`start_day`) <= 255 THEN 4 WHEN julianday(`end_day`) - julianday(`start_day`) <= 1023 THEN 5 ELSE 6 END,
  `geo_cell` = CASE WHEN `latitude` BETWEEN -90 AND 90 AND `longitude` BETWEEN -180 AND 180 THEN CAST(`latitude` + 90 AS INTEGER) * 361 + CAST(`longitude` + 180 AS INTEGER) END;--> statement-breakpoint
UPDATE `event_categories` SET (`city_key`, `starts_at`, `start_day`, `end_day`, `until_at`, `span_class`) =
  (SELECT e.`city_key`, e.`starts_at`, e.`start_day`, e.`end_day`, e.`until_at`, e.`span_class` FROM `events` e WHERE e.`id` = `event_categories`.`event_pk`);--> statement-breakpoint
CREATE INDEX `event_categories_day_search` ON `event_categories` (`category`,`start_day`,`starts_at`,`event_pk`,`end_day`,`until_at`);--> statement-breakpoint
CREATE INDEX `event_categories_city_day_search` ON `event_categories` (`category`,`city_key`,`start_day`,`starts_at`,`event_pk`,`end_day`,`until_at`);--> statement-breakpoint
CREATE INDEX `event_categories_ongoing_search` ON `event_categories` (`category`,`span_class`,`starts_at`,`event_pk`,`start_day`,`end_day`,`until_at`) WHERE span_class > 0;--> statement-breakpoint
CREATE INDEX `event_categories_city_ongoing_search` ON `event_categories` (`category`,`city_key`,`span_class`,`starts_at`,`event_pk`,`start_day`,`end_day`,`until_at`) WHERE span_class > 0;--> statement-breakpoint
CREATE INDEX `events_day_search` ON `events` (`start_day`,`starts_at`,`id`,`end_day`,`until_at`);--> statement-breakpoint
CREATE INDEX `events_city_day_search` ON `events` (`city_key`,`start_day`,`starts_at`,`id`,`end_day`,`until_at`);--> statement-breakpoint
CREATE INDEX `events_ongoing_search` ON `events` (`span_class`,`starts_at`,`id`,`start_day`,`end_day`,`until_at`) WHERE span_class > 0;--> statement-breakpoint
CREATE INDEX `events_city_ongoing_search` ON `events` (`city_key`,`span_class`,`starts_at`,`id`,`start_day`,`end_day`,`until_at`) WHERE span_class > 0;--> statement-breakpoint
CREATE INDEX `events_geo_day_search` ON `events` (`geo_cell`,`start_day`,`starts_at`,`id`,`latitude`,`longitude`,`end_day`,`until_at`) WHERE geo_cell IS NOT NULL;
