-- The desk's search by the start of a word of the queries' and replies' text ("optom" finds
-- "optometrist"): every lexeme the conversations' search documents hold, so that a typed
-- start is a range of this primary key (C collation: byte order, so the lexemes that start with
-- it are one contiguous range) and expands to a bounded set of whole lexemes, then searched as those
-- exact words by the existing indexes (modules/conversations/queue-search.ts).
CREATE TABLE "search_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL
);--> statement-breakpoint
-- Kept by the conversations' own writes, whichever command makes them (a member's message, a
-- reply, a backfill): a lexeme new to a document is inserted, on conflict nothing (no row that
-- every writer updates, no count: decision 0031); only a new word costs a write. In byte order, so
-- two writers bringing the same new words insert them in one order and never wait on each other
-- in a circle. Words leave with their conversations' content: emptyConversations (the purge and
-- erasure, conversations/commands/desk.ts) deletes, once per batch, the lexemes no conversation
-- holds any more (words of free text can name a person). Conversations are emptied, never deleted.
CREATE FUNCTION "search_lexemes_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
    SELECT held.lexeme FROM (
      SELECT unnest(tsvector_to_array(NEW.search_document))
      EXCEPT
      SELECT unnest(CASE WHEN TG_OP = 'INSERT' THEN '{}'::text[] ELSE tsvector_to_array(OLD.search_document) END)
    ) AS held (lexeme)
    ORDER BY held.lexeme COLLATE "C"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_search_lexemes" AFTER INSERT OR UPDATE OF "search_document" ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "search_lexemes_follow"();--> statement-breakpoint
-- The existing words, set-based: one sequential read of conversations and a hash of its distinct
-- lexemes. At ten million queries (about 8 million conversations of some 30 lexemes each, a few
-- hundred thousand distinct) an estimated one to three minutes on the upgrade, once; the
-- conversations are only read (no lock that stops the desk's reads).
INSERT INTO "search_lexemes" ("lexeme")
  SELECT DISTINCT unnest(tsvector_to_array("search_document")) FROM "conversations"
  ON CONFLICT DO NOTHING;
