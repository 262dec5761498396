-- The desk's word search by word and hour (decision 0024), in place of 0023's word and day: each
-- word of a conversation paired with the UTC hour of its newest message, as "lexeme@hours since
-- 2000-01-01 00:00 UTC". A window of the newest hours is a few keys per word; with days, the day
-- a word came back on was read whole (6 000 matches and 8 ms at ten million) to find its newest.
-- The hour after the last "@": a lexeme may hold "@" itself, an hour never does. Only immutable
-- parts (the UTC day and the hour of the day), so the index may hold it.
-- Without a pending list (fastupdate): a search probes up to 15 windows, and each probe read the
-- whole list (up to 4 MB, about 20 ms a probe after a million inserts) before the index itself.
CREATE FUNCTION "search_hour_keys"("document" tsvector, "at" timestamptz) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN array(
    select lexeme || '@' || (((at at time zone 'UTC')::date - date '2000-01-01') * 24
      + extract(hour from (at at time zone 'UTC'))::integer)
    from unnest(tsvector_to_array(document)) as lexeme
  );--> statement-breakpoint
CREATE INDEX "conversations_search_open_hours" ON "conversations" USING gin (search_hour_keys("search_document", "last_message_at")) WITH (fastupdate=false) WHERE "conversations"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "conversations_search_closed_hours" ON "conversations" USING gin (search_hour_keys("search_document", "last_message_at")) WITH (fastupdate=false) WHERE "conversations"."status" = 'CLOSED';--> statement-breakpoint
DROP INDEX "conversations_search_open_days";--> statement-breakpoint
DROP INDEX "conversations_search_closed_days";--> statement-breakpoint
DROP FUNCTION "search_day_keys"(tsvector, timestamptz);--> statement-breakpoint
-- The keys' statistics (most common elements), so the planner sizes a window by them.
ANALYZE "conversations";
