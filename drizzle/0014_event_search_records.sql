CREATE TABLE `event_search_records` (
	`key` integer PRIMARY KEY NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
-- The events' search records clustered by start (issue 12; see schema.ts). The key is the start's UTC hour
-- (clamped to ±2^21 hours, so that the key stays an exact JavaScript number) times 2^32 plus the event's
-- id: recordKey() in src/db/queries/search-records.ts computes the same, and a test pins that they agree.
-- Triggers keep the table in step with every write of events (insert, change of start or record, delete,
-- deletes cascaded from an organization).
CREATE TRIGGER `event_search_records_insert` AFTER INSERT ON `events` BEGIN
  INSERT OR REPLACE INTO event_search_records(key, record) VALUES (min(max(CAST(new.starts_at AS INTEGER) / 3600000, -2097151), 2097151) * 4294967296 + new.id, new.search_record);
END;
--> statement-breakpoint
CREATE TRIGGER `event_search_records_update` AFTER UPDATE OF id, starts_at, search_record ON `events` BEGIN
  DELETE FROM event_search_records WHERE key = min(max(CAST(old.starts_at AS INTEGER) / 3600000, -2097151), 2097151) * 4294967296 + old.id;
  INSERT OR REPLACE INTO event_search_records(key, record) VALUES (min(max(CAST(new.starts_at AS INTEGER) / 3600000, -2097151), 2097151) * 4294967296 + new.id, new.search_record);
END;
--> statement-breakpoint
CREATE TRIGGER `event_search_records_delete` AFTER DELETE ON `events` BEGIN
  DELETE FROM event_search_records WHERE key = min(max(CAST(old.starts_at AS INTEGER) / 3600000, -2097151), 2097151) * 4294967296 + old.id;
END;
--> statement-breakpoint
-- Existing events, appended in key order (a million records in about half a minute, not a random insert each).
INSERT INTO event_search_records(key, record) SELECT min(max(CAST(starts_at AS INTEGER) / 3600000, -2097151), 2097151) * 4294967296 + id, search_record FROM events ORDER BY 1;
