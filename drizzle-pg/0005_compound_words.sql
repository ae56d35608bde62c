-- A hyphenated word is indexed by its parts only, as FTS5's unicode61 tokenizer reads it in SQLite: PostgreSQL's
-- parser also yields the whole compound (`library-town`, `springfield-library`) as a lexeme of its own, which
-- a prefix query then counts as a second hit and ranks (and sizes) rows otherwise than bm25 does, so business
-- search and event relevance answered in another order than SQLite for the same rows. Dropping the mapping
-- of the compound token types leaves them out (tokens of an unmapped type are skipped); the parts
-- (hword_part, hword_asciipart, hword_numpart) stay. Every stored vector is then made again: the events'
-- by their trigger (writing text_search recomputes it), the organizations' generated column by an update.
ALTER TEXT SEARCH CONFIGURATION event_index_text DROP MAPPING IF EXISTS FOR asciihword, hword, numhword;
--> statement-breakpoint
UPDATE events SET text_search = NULL;
--> statement-breakpoint
UPDATE organizations SET name = name;
