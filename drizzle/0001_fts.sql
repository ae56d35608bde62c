-- Full-text search for business search (organizations) and event text. Contentless FTS5 tables
-- kept in step by triggers, so no writer can forget them; rowids are the base tables' rowids.
CREATE VIRTUAL TABLE `organizations_fts` USING fts5(name, domain, website, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `organizations_fts_insert` AFTER INSERT ON `organizations` BEGIN
  INSERT INTO organizations_fts(rowid, name, domain, website) VALUES (new.rowid, new.name, new.domain, new.website);
END;
--> statement-breakpoint
CREATE TRIGGER `organizations_fts_update` AFTER UPDATE OF name, domain, website ON `organizations` BEGIN
  DELETE FROM organizations_fts WHERE rowid = old.rowid;
  INSERT INTO organizations_fts(rowid, name, domain, website) VALUES (new.rowid, new.name, new.domain, new.website);
END;
--> statement-breakpoint
CREATE TRIGGER `organizations_fts_delete` AFTER DELETE ON `organizations` BEGIN
  DELETE FROM organizations_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts` USING fts5(title, description, venue, city, categories, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `events_fts_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO events_fts(rowid, title, description, venue, city, categories) VALUES (
    new.id, new.title, json_extract(new.record, '$.description'), json_extract(new.record, '$.venue.name'), new.city,
    (SELECT group_concat(value, ' ') FROM json_each(new.record, '$.categories')));
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_update` AFTER UPDATE OF title, record, city ON `events` BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
  INSERT INTO events_fts(rowid, title, description, venue, city, categories) VALUES (
    new.id, new.title, json_extract(new.record, '$.description'), json_extract(new.record, '$.venue.name'), new.city,
    (SELECT group_concat(value, ' ') FROM json_each(new.record, '$.categories')));
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_delete` AFTER DELETE ON `events` BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
END;
