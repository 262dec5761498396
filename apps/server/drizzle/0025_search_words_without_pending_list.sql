-- The word search's GINs (0022) again, without a pending list (fastupdate) and without the day
-- beside each word that 0024's keys of word and hour replaced. A search reads the whole pending
-- list (up to 4 MB) before the index: at ten million a rare word's closed index read 251 pending
-- pages, 1.5-3.5 ms of its 5. Rebuilt rather than altered: a list already pending stays until
-- vacuum, and the day column made the closed index half as large again.
DROP INDEX "conversations_search_open";--> statement-breakpoint
DROP INDEX "conversations_search_closed";--> statement-breakpoint
CREATE INDEX "conversations_search_open" ON "conversations" USING gin ("search_document") WITH (fastupdate=false) WHERE "conversations"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "conversations_search_closed" ON "conversations" USING gin ("search_document") WITH (fastupdate=false) WHERE "conversations"."status" = 'CLOSED';