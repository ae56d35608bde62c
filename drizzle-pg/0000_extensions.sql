-- What the tables of 0001 need before they exist (issue 17): pg_trgm for the trigram indexes of
-- organization names and domains (prefix matching), and the text search configuration `event_index_text`
-- of every tsvector: PostgreSQL's `simple` words (no stemming, like FTS5's unicode61) with accents
-- removed by unaccent (FTS5's remove_diacritics). Both extensions ship with PostgreSQL and are trusted
-- (PostgreSQL 13 and later), so the database's owner may create them. `event_index_words` is what every
-- search vector is made of: PostgreSQL's parser reads `springfield-library.org`, a URL or an email address
-- as one token, where FTS5 reads its words; breaking them on `. @ / : _` first finds each word, as FTS5
-- does. Functions have SQL-standard bodies (PostgreSQL 14 and later), which bind the objects they name
-- when created, whatever the search_path of the session that uses them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION event_index_text (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION event_index_text ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
CREATE FUNCTION event_index_words(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('event_index_text'::regconfig, regexp_replace(coalesce(value, ''), '[.@/:_]+', ' ', 'g'));
