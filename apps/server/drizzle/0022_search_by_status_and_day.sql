-- The desk's word search, one GIN index per status with the UTC day of the newest message beside
-- the words (decision 0024): a common word is looked for among the newest days first, and the
-- index intersects the word with those days. A date in a GIN index needs btree_gin (a contrib
-- extension PostgreSQL ships, trusted: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "conversations_search";--> statement-breakpoint
CREATE INDEX "conversations_search_open" ON "conversations" USING gin ("search_document",(("last_message_at" at time zone 'UTC')::date)) WHERE "conversations"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "conversations_search_closed" ON "conversations" USING gin ("search_document",(("last_message_at" at time zone 'UTC')::date)) WHERE "conversations"."status" = 'CLOSED';--> statement-breakpoint
-- Statistics of that day: the planner ignores a partial index's own expression statistics, and
-- without these took a window of one day for a third of the matches and read the whole table.
-- Gathered now rather than at autovacuum's next analyze.
CREATE STATISTICS "conversations_message_day" ON ((last_message_at at time zone 'UTC')::date) FROM "conversations";--> statement-breakpoint
ANALYZE "conversations";
