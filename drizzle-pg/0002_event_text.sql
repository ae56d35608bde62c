-- Event text search (the PostgreSQL side of drizzle/0013_event_text.sql): `events.text_search` holds the
-- title, venue, organization name, organizer and description, weighted A, B, C, C, D (FTS5's bm25 weights
-- there: 10, 4, 3, 2, 1), made by `event_index_words` of 0000. Kept by triggers so no writer can forget
-- it: on insert and on a change of title, record or organization, and for every event of an organization
-- whose name changes. `record` is JSON text (served as stored); the venue, organizer and description are
-- read from it, parsed once per row. An update that writes text_search itself (the organization trigger
-- sets it to NULL) recomputes it as well, so the column never holds what a writer put there.
CREATE FUNCTION event_text_search(title text, record jsonb, organization text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(event_index_words(title), 'A')
    || setweight(event_index_words(record #>> '{venue,name}'), 'B')
    || setweight(event_index_words(organization), 'C')
    || setweight(event_index_words(record #>> '{organizer,name}'), 'C')
    || setweight(event_index_words(record ->> 'description'), 'D');
--> statement-breakpoint
CREATE FUNCTION events_text_search_row() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    NEW.text_search := event_text_search(NEW.title, NEW.record::jsonb, (SELECT o.name FROM organizations o WHERE o.org_id = NEW.org_id));
    RETURN NEW;
  END
$$;
--> statement-breakpoint
CREATE TRIGGER events_text_search_insert BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_text_search_row();
--> statement-breakpoint
CREATE TRIGGER events_text_search_update BEFORE UPDATE OF title, record, org_id, text_search ON events FOR EACH ROW EXECUTE FUNCTION events_text_search_row();
--> statement-breakpoint
CREATE FUNCTION events_text_search_organization() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    UPDATE events SET text_search = NULL WHERE org_id = NEW.org_id;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE TRIGGER events_text_search_organization AFTER UPDATE OF name ON organizations FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION events_text_search_organization();
