-- The desk's word search by word and day (decision 0024): each word of a conversation paired with
-- the UTC day of its newest message, as "lexeme@days since 2000-01-01". A window of the newest
-- days is then a few keys per word, each a short list, where the GIN of 0022 read the word's whole
-- list at every window (4 ms at ten million, and most of a search for a word the newest lack).
-- The day after the last "@": a lexeme may hold "@" itself, a day never does.
CREATE FUNCTION "search_day_keys"("document" tsvector, "at" timestamptz) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN array(
    select lexeme || '@' || ((at at time zone 'UTC')::date - date '2000-01-01')
    from unnest(tsvector_to_array(document)) as lexeme
  );--> statement-breakpoint
CREATE INDEX "conversations_search_open_days" ON "conversations" USING gin (search_day_keys("search_document", "last_message_at")) WHERE "conversations"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "conversations_search_closed_days" ON "conversations" USING gin (search_day_keys("search_document", "last_message_at")) WHERE "conversations"."status" = 'CLOSED';--> statement-breakpoint
-- The keys' statistics (most common elements), so the planner sizes a window by them.
ANALYZE "conversations";
