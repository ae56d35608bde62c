-- Event text search (issue 18): `q` matches title, description, venue, organizer and the organization's
-- name. The contentless FTS5 table of 0001 (which held city and categories instead) is rebuilt with those
-- columns and kept in step by triggers, the organization's name included (an organization renamed by a
-- crawl re-indexes its events). Rowids are events.id.
DROP TRIGGER IF EXISTS `events_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `events_fts_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `events_fts_delete`;
--> statement-breakpoint
DROP TABLE IF EXISTS `events_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts` USING fts5(title, description, venue, organizer, organization, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `events_fts_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO events_fts(rowid, title, description, venue, organizer, organization) VALUES (
    new.id, new.title, json_extract(new.record, '$.description'), json_extract(new.record, '$.venue.name'), json_extract(new.record, '$.organizer.name'),
    (SELECT o.name FROM organizations o WHERE o.org_id = new.org_id));
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_update` AFTER UPDATE OF title, record, org_id ON `events` BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
  INSERT INTO events_fts(rowid, title, description, venue, organizer, organization) VALUES (
    new.id, new.title, json_extract(new.record, '$.description'), json_extract(new.record, '$.venue.name'), json_extract(new.record, '$.organizer.name'),
    (SELECT o.name FROM organizations o WHERE o.org_id = new.org_id));
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_delete` AFTER DELETE ON `events` BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_organization` AFTER UPDATE OF name ON `organizations` WHEN old.name IS NOT new.name BEGIN
  DELETE FROM events_fts WHERE rowid IN (SELECT e.id FROM events e WHERE e.org_id = new.org_id);
  INSERT INTO events_fts(rowid, title, description, venue, organizer, organization)
    SELECT e.id, e.title, json_extract(e.record, '$.description'), json_extract(e.record, '$.venue.name'), json_extract(e.record, '$.organizer.name'), new.name
    FROM events e WHERE e.org_id = new.org_id;
END;
--> statement-breakpoint
INSERT INTO events_fts(rowid, title, description, venue, organizer, organization)
  SELECT e.id, e.title, json_extract(e.record, '$.description'), json_extract(e.record, '$.venue.name'), json_extract(e.record, '$.organizer.name'), o.name
  FROM events e LEFT JOIN organizations o ON o.org_id = e.org_id;
