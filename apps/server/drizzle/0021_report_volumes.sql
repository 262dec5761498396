CREATE TABLE "report_volumes" (
	"hour" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"category" text NOT NULL,
	"new_queries" integer DEFAULT 0 NOT NULL,
	"updates" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_volumes_hour_origin_category_pk" PRIMARY KEY("hour","origin","category")
);
--> statement-breakpoint
CREATE INDEX "conversations_report_open" ON "conversations" USING btree ("logged_at","origin","category","due_key") WHERE "conversations"."status" = 'OPEN';--> statement-breakpoint
-- The reports' volumes, kept by triggers in the transaction of each event (decision 0025): a new
-- query, an update, a reply, a close (a reopen takes its close back; a close again counts on its
-- own hour). Hours are whole UTC hours (date_bin, whatever the session's zone): a report adds up
-- the hours of its days in TIME_ZONE. A conversation begun before the reports (its
-- report_backfill_pending still true) is left to modules/reports, which counts its whole history
-- at once in the background: the triggers take its row lock first, so an event and that count are
-- never both made, nor neither.
CREATE FUNCTION report_volumes_add(at timestamptz, origin text, category text,
  new_queries integer, updates integer, replies integer, closed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_volumes (hour, origin, category, new_queries, updates, replies, closed)
  VALUES (date_bin('1 hour', at, '2000-01-01 00:00:00+00'), origin, category, new_queries, updates, replies, closed)
  ON CONFLICT (hour, origin, category) DO UPDATE SET
    new_queries = report_volumes.new_queries + excluded.new_queries,
    updates = report_volumes.updates + excluded.updates,
    replies = report_volumes.replies + excluded.replies,
    closed = report_volumes.closed + excluded.closed
$$;--> statement-breakpoint
CREATE FUNCTION conversations_report_volumes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    PERFORM report_volumes_add(new.logged_at, new.origin, new.category, 1, 0, 0, 0);
    IF new.closed_at IS NOT NULL THEN
      PERFORM report_volumes_add(new.closed_at, new.origin, new.category, 0, 0, 0, 1);
    END IF;
  ELSIF new.closed_at IS DISTINCT FROM old.closed_at AND NOT old.report_backfill_pending THEN
    IF old.closed_at IS NOT NULL THEN
      PERFORM report_volumes_add(old.closed_at, old.origin, old.category, 0, 0, 0, -1);
    END IF;
    IF new.closed_at IS NOT NULL THEN
      PERFORM report_volumes_add(new.closed_at, new.origin, new.category, 0, 0, 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_report_volumes
AFTER INSERT OR UPDATE OF closed_at ON conversations
FOR EACH ROW EXECUTE FUNCTION conversations_report_volumes();--> statement-breakpoint
CREATE FUNCTION queries_report_volumes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  conversation record;
BEGIN
  SELECT c.origin, c.category, c.report_backfill_pending INTO conversation
  FROM conversations c WHERE c.reference_number = new.conversation_reference_number
  FOR NO KEY UPDATE;
  IF NOT FOUND OR conversation.report_backfill_pending THEN RETURN NULL; END IF;
  PERFORM report_volumes_add(new.logged_at, conversation.origin, conversation.category, 0, 1, 0, 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER queries_report_volumes
AFTER INSERT ON queries
FOR EACH ROW WHEN (new.parent_reference_number IS NOT NULL) EXECUTE FUNCTION queries_report_volumes();--> statement-breakpoint
-- A reply: counted in its conversation's channel and category, and its first reply if it is the
-- earliest (a conversation begun before the reports: both left to modules/reports, as above).
CREATE OR REPLACE FUNCTION agent_responses_first_reply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  conversation record;
BEGIN
  SELECT c.reference_number, c.origin, c.category, c.first_reply_at, c.report_backfill_pending INTO conversation
  FROM queries q JOIN conversations c ON c.reference_number = q.conversation_reference_number
  WHERE q.reference_number = new.reference_number
  FOR NO KEY UPDATE OF c;
  IF NOT FOUND OR conversation.report_backfill_pending THEN RETURN NULL; END IF;
  PERFORM report_volumes_add(new.sent_at, conversation.origin, conversation.category, 0, 0, 1, 0);
  IF conversation.first_reply_at IS NULL OR conversation.first_reply_at > new.sent_at THEN
    UPDATE conversations
    SET first_reply_at = new.sent_at, first_reply_by_entity_number = new.sent_by_entity_number
    WHERE reference_number = conversation.reference_number;
  END IF;
  RETURN NULL;
END
$$;
