-- The desk's search by the start of a word of the queries' and replies' text ("optom" finds
-- "optometrist"): every lexeme the conversations' search documents hold, so that a typed
-- start is a range of this primary key (C collation: byte order, so the lexemes that start with
-- it are one contiguous range) and expands to a bounded set of whole lexemes, then searched as those
-- exact words by the existing indexes (modules/conversations/queue-search.ts).
CREATE TABLE "search_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL
);--> statement-breakpoint
-- Kept by the conversations' own writes, whichever command makes them (a member's message, a
-- reply, a backfill, a purge, an erasure): a lexeme new to a document is inserted, on conflict
-- nothing (no row that every writer updates, no count: decision 0031); only a new word costs a
-- write. A lexeme a document loses (purge and erasure empty it) is deleted unless another
-- conversation still holds it (each status's GIN index): words of free text can name a person,
-- so none outlives the conversations that hold it. Those deletions hold an advisory lock to commit
-- (7302103), so two purges each removing the last two holders of a word cannot both see the
-- other's conversation still holding it: the second reads after the first committed.
CREATE FUNCTION "search_lexemes_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_held text[] := CASE WHEN TG_OP = 'DELETE' THEN '{}'::text[] ELSE tsvector_to_array(NEW.search_document) END;
  was_held text[] := CASE WHEN TG_OP = 'INSERT' THEN '{}'::text[] ELSE tsvector_to_array(OLD.search_document) END;
  lost text[];
BEGIN
  INSERT INTO search_lexemes (lexeme)
    SELECT unnest(now_held) EXCEPT SELECT unnest(was_held)
    ON CONFLICT DO NOTHING;
  lost := array(SELECT unnest(was_held) EXCEPT SELECT unnest(now_held));
  IF cardinality(lost) > 0 THEN
    PERFORM pg_advisory_xact_lock(7302103);
    DELETE FROM search_lexemes AS l
      WHERE l.lexeme = ANY (lost)
        AND NOT EXISTS (SELECT 1 FROM conversations AS c WHERE c.status = 'OPEN'
          AND c.search_document @@ ('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery)
        AND NOT EXISTS (SELECT 1 FROM conversations AS c WHERE c.status = 'CLOSED'
          AND c.search_document @@ ('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_search_lexemes" AFTER INSERT OR DELETE OR UPDATE OF "search_document" ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "search_lexemes_follow"();--> statement-breakpoint
-- The existing words, set-based: one sequential read of conversations and a hash of its distinct
-- lexemes. At ten million queries (about 8 million conversations of some 30 lexemes each, a few
-- hundred thousand distinct) an estimated one to three minutes on the upgrade, once; the
-- conversations are only read (no lock that stops the desk's reads).
INSERT INTO "search_lexemes" ("lexeme")
  SELECT DISTINCT unnest(tsvector_to_array("search_document")) FROM "conversations"
  ON CONFLICT DO NOTHING;
