-- The search by name (the desk's, Record documents', the information officer's) by the start of any
-- word of a first name or surname: "Merwe" finds "van der Merwe", "Mo" finds "Mokoena". A 'simple'
-- (unstemmed, lower-cased) tsvector of both names, read with prefix tsqueries ("merwe:*"); the
-- lower(...) text_pattern_ops btrees, which met only the start of the whole name, stay for one
-- release: the previous release's processes still search by them during a rolling upgrade (expand
-- now, contract in the next release; docs/operations.md). PostgreSQL's own GIN, so PGlite has it
-- too (pg_trgm would have been an extension to load on both).
CREATE INDEX "members_name_words" ON "members" USING gin (to_tsvector('simple', "first_name" || ' ' || "last_name"));