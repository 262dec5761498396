CREATE TABLE "canned_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_entity_number" integer
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"reference_number" integer PRIMARY KEY NOT NULL,
	"member_entity_number" integer NOT NULL,
	"origin" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"email" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"waiting_on" text DEFAULT 'AGENT' NOT NULL,
	"reply_due_on" date,
	"due_key" date NOT NULL,
	"assigned_to_entity_number" integer,
	"logged_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"latest_reference_number" integer NOT NULL,
	"message_count" integer DEFAULT 1 NOT NULL,
	"closed_at" timestamp with time zone,
	"legacy" boolean DEFAULT false NOT NULL,
	"search_document" "tsvector" DEFAULT ''::tsvector NOT NULL,
	CONSTRAINT "conversations_origin_known" CHECK ("conversations"."origin" in ('MEMBER_WEB', 'MED_XPRESS')),
	CONSTRAINT "conversations_status_known" CHECK ("conversations"."status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "conversations_waiting_on_known" CHECK ("conversations"."waiting_on" in ('AGENT', 'MEMBER'))
);
--> statement-breakpoint
CREATE TABLE "queue_counts" (
	"bucket" text PRIMARY KEY NOT NULL,
	"conversations" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "queries_queue";--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "conversation_reference_number" integer;--> statement-breakpoint
-- Each query's conversation, from the parent links: only a link within one member and one origin
-- is followed (as the member's pages always did), so a row reached by no such chain, whatever its
-- parent, starts its own conversation.
WITH RECURSIVE chain AS (
  SELECT reference_number, reference_number AS root, member_entity_number, origin, 0 AS depth
  FROM queries WHERE parent_reference_number IS NULL
  UNION ALL
  SELECT q.reference_number, chain.root, q.member_entity_number, q.origin, chain.depth + 1
  FROM queries q
  JOIN chain ON q.parent_reference_number = chain.reference_number
    AND q.member_entity_number = chain.member_entity_number AND q.origin = chain.origin
  WHERE chain.depth < 1000
)
UPDATE queries SET conversation_reference_number = chain.root
FROM chain WHERE chain.reference_number = queries.reference_number;--> statement-breakpoint
UPDATE queries SET conversation_reference_number = reference_number WHERE conversation_reference_number IS NULL;--> statement-breakpoint
-- Such a row starts a conversation: its link to another member's query (no member's page ever
-- followed it) goes, so it is a first query everywhere (the timeline, the retention purge).
UPDATE queries SET parent_reference_number = NULL
WHERE reference_number = conversation_reference_number AND parent_reference_number IS NOT NULL;--> statement-breakpoint
-- A conversation is open while any of its queries is: an open update is a member's message still
-- owed an answer (the console reopened only the first query, and closed all of them). It waits on
-- the member once a reply was sent after its newest message; otherwise the reply owed is the
-- earliest promise among the messages since the last reply.
INSERT INTO conversations (
  reference_number, member_entity_number, origin, category, sub_category, email, status, waiting_on,
  reply_due_on, due_key, assigned_to_entity_number, logged_at, last_message_at,
  latest_reference_number, message_count, closed_at, legacy, search_document
)
SELECT
  first.reference_number, first.member_entity_number, first.origin, first.category, first.sub_category,
  first.email, state.status, state.waiting_on, state.reply_due_on,
  CASE WHEN state.waiting_on = 'MEMBER' THEN 'infinity'::date
       ELSE coalesce(state.reply_due_on, '-infinity'::date) END,
  first.assigned_to_entity_number, first.logged_at, messages.last_message_at,
  messages.latest_reference_number, messages.message_count,
  CASE WHEN state.status = 'CLOSED' THEN messages.closed_at END,
  first.legacy,
  CASE WHEN first.purged_at IS NOT NULL THEN ''::tsvector
       ELSE to_tsvector('english', messages.texts || ' ' || coalesce(replies.texts, '')) END
FROM queries first
JOIN LATERAL (
  SELECT max(q.logged_at) AS last_message_at,
         (array_agg(q.reference_number ORDER BY q.logged_at DESC, q.reference_number DESC))[1] AS latest_reference_number,
         count(*)::int AS message_count,
         bool_or(q.status = 'OPEN') AS any_open,
         max(q.closed_at) AS closed_at,
         string_agg(q.query_text, ' ') AS texts
  FROM queries q WHERE q.conversation_reference_number = first.reference_number
) messages ON true
LEFT JOIN LATERAL (
  SELECT max(r.sent_at) AS last_reply_at,
         string_agg(regexp_replace(r.html, '<[^>]*>', ' ', 'g'), ' ') AS texts
  FROM agent_responses r JOIN queries q ON q.reference_number = r.reference_number
  WHERE q.conversation_reference_number = first.reference_number
) replies ON true
LEFT JOIN LATERAL (
  SELECT bool_or(q.reply_due_on IS NULL) AS unpromised, min(q.reply_due_on) AS earliest
  FROM queries q
  WHERE q.conversation_reference_number = first.reference_number
    AND (replies.last_reply_at IS NULL OR q.logged_at > replies.last_reply_at)
) owed ON true
CROSS JOIN LATERAL (
  SELECT CASE WHEN messages.any_open THEN 'OPEN' ELSE 'CLOSED' END AS status,
         CASE WHEN replies.last_reply_at IS NOT NULL AND replies.last_reply_at >= messages.last_message_at
              THEN 'MEMBER' ELSE 'AGENT' END AS waiting_on,
         CASE WHEN replies.last_reply_at IS NOT NULL AND replies.last_reply_at >= messages.last_message_at THEN NULL
              WHEN owed.unpromised THEN NULL ELSE owed.earliest END AS reply_due_on
) state
WHERE first.conversation_reference_number = first.reference_number;--> statement-breakpoint
-- Every query now carries its conversation's status.
UPDATE queries SET status = conversations.status,
  closed_at = CASE WHEN conversations.status = 'CLOSED' THEN coalesce(queries.closed_at, conversations.closed_at) END
FROM conversations
WHERE conversations.reference_number = queries.conversation_reference_number
  AND queries.status <> conversations.status;--> statement-breakpoint
ALTER TABLE "queries" ALTER COLUMN "conversation_reference_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_conversation_reference_number_conversations_reference_number_fk" FOREIGN KEY ("conversation_reference_number") REFERENCES "public"."conversations"("reference_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_updated_by_entity_number_members_entity_number_fk" FOREIGN KEY ("updated_by_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_to_entity_number_members_entity_number_fk" FOREIGN KEY ("assigned_to_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_queue_due" ON "conversations" USING btree ("status","due_key","reference_number");--> statement-breakpoint
CREATE INDEX "conversations_queue_assignee" ON "conversations" USING btree ("assigned_to_entity_number","status","due_key","reference_number");--> statement-breakpoint
CREATE INDEX "conversations_queue_category" ON "conversations" USING btree ("category","status","due_key","reference_number");--> statement-breakpoint
CREATE INDEX "conversations_queue_latest" ON "conversations" USING btree ("status","last_message_at","reference_number");--> statement-breakpoint
CREATE INDEX "conversations_latest" ON "conversations" USING btree ("last_message_at","reference_number");--> statement-breakpoint
CREATE INDEX "conversations_member" ON "conversations" USING btree ("member_entity_number","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_email" ON "conversations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "conversations_search" ON "conversations" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "members_last_name_search" ON "members" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_first_name_search" ON "members" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "queries_conversation" ON "queries" USING btree ("conversation_reference_number","logged_at");--> statement-breakpoint
ALTER TABLE "queries" DROP COLUMN "assigned_to_entity_number";--> statement-breakpoint
-- The queue's tab counts, kept by a trigger in the transaction of every change to a conversation,
-- so no writer (a command, the purge, an erasure, a member's removal) can leave them wrong. A
-- conversation counts in its status and, while open, in its assignee and either "waiting on the
-- member" or the day its reply is owed (overdue = the due buckets before today).
CREATE FUNCTION queue_count_buckets(status text, waiting_on text, due_key date, assignee integer)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'OPEN' THEN ARRAY[
    'status:OPEN',
    CASE WHEN assignee IS NULL THEN 'assignee:none' ELSE 'assignee:' || assignee END,
    CASE WHEN waiting_on = 'MEMBER' THEN 'waiting:MEMBER' ELSE 'due:' || due_key::text END
  ] ELSE ARRAY['status:' || status] END
$$;--> statement-breakpoint
CREATE FUNCTION queue_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed text[] := '{}';
  added text[] := '{}';
BEGIN
  IF tg_op <> 'INSERT' THEN
    removed := queue_count_buckets(old.status, old.waiting_on, old.due_key, old.assigned_to_entity_number);
  END IF;
  IF tg_op <> 'DELETE' THEN
    added := queue_count_buckets(new.status, new.waiting_on, new.due_key, new.assigned_to_entity_number);
  END IF;
  IF removed = added THEN RETURN NULL; END IF;
  -- In bucket order, so two transactions lock the buckets they share in the same order.
  INSERT INTO queue_counts (bucket, conversations)
  SELECT bucket, sum(delta)::int FROM (
    SELECT unnest(removed) AS bucket, -1 AS delta
    UNION ALL SELECT unnest(added), 1
  ) changes GROUP BY bucket HAVING sum(delta) <> 0 ORDER BY bucket
  ON CONFLICT (bucket) DO UPDATE SET conversations = queue_counts.conversations + excluded.conversations;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_queue_counts
AFTER INSERT OR DELETE OR UPDATE OF status, waiting_on, due_key, assigned_to_entity_number ON conversations
FOR EACH ROW EXECUTE FUNCTION queue_counts_follow();--> statement-breakpoint
INSERT INTO queue_counts (bucket, conversations)
SELECT bucket, count(*)::int FROM conversations,
  unnest(queue_count_buckets(status, waiting_on, due_key, assigned_to_entity_number)) AS bucket
GROUP BY bucket;
