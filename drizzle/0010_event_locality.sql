ALTER TABLE `events` ADD `city_source` text;--> statement-breakpoint
ALTER TABLE `events` ADD `city_region` text;--> statement-breakpoint
ALTER TABLE `events` ADD `city_country` text;--> statement-breakpoint
ALTER TABLE `events` ADD `is_free` integer DEFAULT false NOT NULL;