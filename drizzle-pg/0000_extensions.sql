-- What the tables of 0001 need before they exist (issue 17): pg_trgm for the trigram indexes of
-- organization names and domains (prefix matching), and the text search configuration `event_index_text`
-- of every tsvector: PostgreSQL's `simple` words (no stemming, like FTS5's unicode61) with accents
-- removed by unaccent (FTS5's remove_diacritics). Both extensions ship with PostgreSQL and are trusted
-- (PostgreSQL 13 and later), so the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION event_index_text (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION event_index_text ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
