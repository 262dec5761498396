CREATE SEQUENCE "public"."attachment_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attachment_id" integer DEFAULT nextval('attachment_numbers') NOT NULL,
	"thread_entry_id" integer,
	"document_submission_reference_number" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "attachments_blob_key_unique" UNIQUE("blob_key"),
	CONSTRAINT "attachments_one_owner" CHECK (num_nonnulls("attachments"."thread_entry_id", "attachments"."document_submission_reference_number") = 1)
);
--> statement-breakpoint
CREATE TABLE "thread_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thread_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_reference_number" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"query_reference_number" integer,
	"author_entity_number" integer,
	"assignee_entity_number" integer,
	"body" text,
	"document_submission_reference_number" integer,
	"idempotency_key" text,
	CONSTRAINT "thread_entries_kind_known" CHECK ("thread_entries"."kind" in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED', 'REPLY', 'NOTE', 'DOCUMENT_RECEIVED', 'ASSIGNED', 'CLOSED', 'REOPENED', 'ESCALATED')),
	CONSTRAINT "thread_entries_message_has_query" CHECK ("thread_entries"."kind" not in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED', 'REPLY') or "thread_entries"."query_reference_number" is not null)
);
--> statement-breakpoint
-- One typed thread (docs/decisions 0038): the member's messages, the replies, the notes and the
-- closes so far become thread entries, and the three tables of files one. Replies keep their ids
-- (a composer open during the upgrade names the newest it saw) and every file keeps its number
-- (the paths members and staff open name it, within its owner). The old tables' names stay, as
-- views over the new ones, so the previous release reads and writes as before while an upgrade
-- rolls; a later release drops the views.
insert into thread_entries (id, conversation_reference_number, kind, at, query_reference_number, author_entity_number, body, idempotency_key)
overriding system value
select r.id, q.conversation_reference_number, 'REPLY', r.sent_at, r.reference_number, r.sent_by_entity_number, r.html, r.idempotency_key
from agent_responses r join queries q on q.reference_number = r.reference_number;
--> statement-breakpoint
select setval(pg_get_serial_sequence('thread_entries', 'id'), greatest((select max(id) from thread_entries), 0) + 1, false);
--> statement-breakpoint
insert into thread_entries (conversation_reference_number, kind, at, query_reference_number)
select q.conversation_reference_number,
  case when exists (select 1 from inbound_mails m where m.reference_number = q.reference_number) then 'EMAIL_RECEIVED' else 'MEMBER_MESSAGE' end,
  q.logged_at, q.reference_number
from queries q
order by q.conversation_reference_number, q.logged_at, q.reference_number;
--> statement-breakpoint
insert into thread_entries (conversation_reference_number, kind, at, author_entity_number, body)
select q.conversation_reference_number, 'NOTE', n.created_at, n.author_entity_number, n.text
from query_notes n join queries q on q.reference_number = n.reference_number
order by n.id;
--> statement-breakpoint
-- Only the last close of each conversation is known from before (when, not by whom).
insert into thread_entries (conversation_reference_number, kind, at)
select c.reference_number, 'CLOSED', c.closed_at from conversations c where c.status = 'CLOSED' and c.closed_at is not null;
--> statement-breakpoint
CREATE INDEX "thread_entries_conversation" ON "thread_entries" USING btree ("conversation_reference_number","at","id");
--> statement-breakpoint
CREATE INDEX "thread_entries_query" ON "thread_entries" USING btree ("query_reference_number","kind","at");
--> statement-breakpoint
insert into attachments (attachment_id, thread_entry_id, file_name, content_type, size_bytes, blob_key, position)
select a.attachment_id, e.id, a.file_name, a.content_type, a.size_bytes, a.blob_key, a.position
from query_attachments a
join thread_entries e on e.query_reference_number = a.reference_number and e.kind in ('MEMBER_MESSAGE', 'EMAIL_RECEIVED');
--> statement-breakpoint
insert into attachments (attachment_id, thread_entry_id, file_name, content_type, size_bytes, blob_key, position)
select a.attachment_id, a.reply_id, a.file_name, a.content_type, a.size_bytes, a.blob_key, a.position from reply_attachments a;
--> statement-breakpoint
insert into attachments (attachment_id, document_submission_reference_number, file_name, content_type, size_bytes, blob_key, position)
select a.attachment_id, a.reference_number, a.file_name, a.content_type, a.size_bytes, a.blob_key, a.position from document_submission_attachments a;
--> statement-breakpoint
-- New files take numbers none of the old ones has.
select setval('attachment_numbers', greatest(1000000,
  (select coalesce(max(attachment_id), 0) from query_attachments),
  (select coalesce(max(attachment_id), 0) from reply_attachments),
  (select coalesce(max(attachment_id), 0) from document_submission_attachments)) + 1, false);
--> statement-breakpoint
DROP TABLE "reply_attachments";
--> statement-breakpoint
DROP TABLE "query_attachments";
--> statement-breakpoint
DROP TABLE "query_notes";
--> statement-breakpoint
DROP TABLE "agent_responses";
--> statement-breakpoint
DROP TABLE "document_submission_attachments";
--> statement-breakpoint
DROP FUNCTION agent_responses_first_reply();
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_thread_entry_id_thread_entries_id_fk" FOREIGN KEY ("thread_entry_id") REFERENCES "public"."thread_entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_document_submission_reference_number_document_submissions_reference_number_fk" FOREIGN KEY ("document_submission_reference_number") REFERENCES "public"."document_submissions"("reference_number") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "thread_entries" ADD CONSTRAINT "thread_entries_conversation_reference_number_conversations_reference_number_fk" FOREIGN KEY ("conversation_reference_number") REFERENCES "public"."conversations"("reference_number") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "thread_entries" ADD CONSTRAINT "thread_entries_query_reference_number_queries_reference_number_fk" FOREIGN KEY ("query_reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "thread_entries" ADD CONSTRAINT "thread_entries_author_entity_number_members_entity_number_fk" FOREIGN KEY ("author_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "thread_entries" ADD CONSTRAINT "thread_entries_assignee_entity_number_members_entity_number_fk" FOREIGN KEY ("assignee_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "thread_entries" ADD CONSTRAINT "thread_entries_document_submission_reference_number_document_submissions_reference_number_fk" FOREIGN KEY ("document_submission_reference_number") REFERENCES "public"."document_submissions"("reference_number") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attachments_thread_entry" ON "attachments" USING btree ("thread_entry_id","position");
--> statement-breakpoint
CREATE INDEX "attachments_document_submission" ON "attachments" USING btree ("document_submission_reference_number","position");
--> statement-breakpoint
CREATE UNIQUE INDEX "thread_entries_reply_idempotency" ON "thread_entries" USING btree ("conversation_reference_number","idempotency_key") WHERE "thread_entries"."idempotency_key" is not null;
--> statement-breakpoint
CREATE INDEX "thread_entries_replies" ON "thread_entries" USING btree ("conversation_reference_number","at") WHERE "thread_entries"."kind" = 'REPLY';
--> statement-breakpoint
-- A reply: counted in its conversation's channel and category, and its first reply if it is the
-- earliest (0021's trigger on the replies' old table, moved here).
CREATE FUNCTION thread_entries_first_reply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  conversation record;
BEGIN
  SELECT c.reference_number, c.origin, c.category, c.first_reply_at, c.report_backfill_pending INTO conversation
  FROM conversations c WHERE c.reference_number = new.conversation_reference_number
  FOR NO KEY UPDATE;
  IF NOT FOUND OR conversation.report_backfill_pending THEN RETURN NULL; END IF;
  PERFORM report_volumes_add(new.at, conversation.origin, conversation.category, 0, 0, 1, 0);
  IF conversation.first_reply_at IS NULL OR conversation.first_reply_at > new.at THEN
    UPDATE conversations
    SET first_reply_at = new.at, first_reply_by_entity_number = new.author_entity_number
    WHERE reference_number = conversation.reference_number;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER thread_entries_first_reply
AFTER INSERT ON thread_entries
FOR EACH ROW WHEN (new.kind = 'REPLY') EXECUTE FUNCTION thread_entries_first_reply();
--> statement-breakpoint
-- What follows lets the previous release run beside this one during a rolling upgrade, and goes in
-- a later release's migration: the old tables' names as views over the new ones, written through
-- by INSTEAD OF triggers, and an entry for every query that release logs (it writes none itself).
CREATE FUNCTION compat_message_entry(query_reference integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  entry integer;
BEGIN
  SELECT e.id INTO entry FROM thread_entries e
  WHERE e.query_reference_number = query_reference AND e.kind IN ('MEMBER_MESSAGE', 'EMAIL_RECEIVED')
  LIMIT 1;
  IF entry IS NULL THEN
    INSERT INTO thread_entries (conversation_reference_number, kind, at, query_reference_number)
    SELECT q.conversation_reference_number, 'MEMBER_MESSAGE', q.logged_at, q.reference_number
    FROM queries q WHERE q.reference_number = query_reference
    RETURNING id INTO entry;
  END IF;
  RETURN entry;
END
$$;
--> statement-breakpoint
CREATE FUNCTION compat_queries_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compat_message_entry(new.reference_number);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- At commit: this release writes a query's entry in the same transaction, so it is found then.
CREATE CONSTRAINT TRIGGER compat_queries_entry
AFTER INSERT ON queries DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION compat_queries_entry();
--> statement-breakpoint
CREATE VIEW agent_responses AS
SELECT e.id, e.query_reference_number AS reference_number, e.body AS html, e.at AS sent_at,
  e.author_entity_number AS sent_by_entity_number, e.idempotency_key
FROM thread_entries e WHERE e.kind = 'REPLY';
--> statement-breakpoint
CREATE FUNCTION compat_agent_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    DELETE FROM thread_entries WHERE id = old.id AND kind = 'REPLY';
    RETURN old;
  END IF;
  INSERT INTO thread_entries (conversation_reference_number, kind, at, query_reference_number, author_entity_number, body, idempotency_key)
  SELECT q.conversation_reference_number, 'REPLY', new.sent_at, new.reference_number, new.sent_by_entity_number, new.html, new.idempotency_key
  FROM queries q WHERE q.reference_number = new.reference_number
  RETURNING id INTO new.id;
  RETURN new;
END
$$;
--> statement-breakpoint
CREATE TRIGGER compat_agent_responses INSTEAD OF INSERT OR DELETE ON agent_responses
FOR EACH ROW EXECUTE FUNCTION compat_agent_responses();
--> statement-breakpoint
CREATE VIEW query_notes AS
SELECT e.id, e.conversation_reference_number AS reference_number, e.author_entity_number, e.body AS text, e.at AS created_at
FROM thread_entries e WHERE e.kind = 'NOTE';
--> statement-breakpoint
CREATE FUNCTION compat_query_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    DELETE FROM thread_entries WHERE id = old.id AND kind = 'NOTE';
    RETURN old;
  END IF;
  INSERT INTO thread_entries (conversation_reference_number, kind, at, author_entity_number, body)
  VALUES (new.reference_number, 'NOTE', new.created_at, new.author_entity_number, new.text)
  RETURNING id INTO new.id;
  RETURN new;
END
$$;
--> statement-breakpoint
CREATE TRIGGER compat_query_notes INSTEAD OF INSERT OR DELETE ON query_notes
FOR EACH ROW EXECUTE FUNCTION compat_query_notes();
--> statement-breakpoint
CREATE VIEW query_attachments AS
SELECT a.attachment_id, e.query_reference_number AS reference_number, a.file_name, a.content_type, a.size_bytes, a.blob_key, a.position
FROM attachments a JOIN thread_entries e ON e.id = a.thread_entry_id
WHERE e.kind IN ('MEMBER_MESSAGE', 'EMAIL_RECEIVED');
--> statement-breakpoint
CREATE FUNCTION compat_query_attachments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    DELETE FROM attachments WHERE blob_key = old.blob_key;
    RETURN old;
  END IF;
  INSERT INTO attachments (attachment_id, thread_entry_id, file_name, content_type, size_bytes, blob_key, position)
  VALUES (coalesce(new.attachment_id, nextval('attachment_numbers')), compat_message_entry(new.reference_number),
    new.file_name, new.content_type, new.size_bytes, new.blob_key, new.position)
  RETURNING attachment_id INTO new.attachment_id;
  RETURN new;
END
$$;
--> statement-breakpoint
CREATE TRIGGER compat_query_attachments INSTEAD OF INSERT OR DELETE ON query_attachments
FOR EACH ROW EXECUTE FUNCTION compat_query_attachments();
--> statement-breakpoint
CREATE VIEW reply_attachments AS
SELECT a.attachment_id, a.thread_entry_id AS reply_id, a.file_name, a.content_type, a.size_bytes, a.blob_key, a.position
FROM attachments a JOIN thread_entries e ON e.id = a.thread_entry_id
WHERE e.kind = 'REPLY';
--> statement-breakpoint
CREATE FUNCTION compat_reply_attachments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    DELETE FROM attachments WHERE blob_key = old.blob_key;
    RETURN old;
  END IF;
  INSERT INTO attachments (attachment_id, thread_entry_id, file_name, content_type, size_bytes, blob_key, position)
  VALUES (coalesce(new.attachment_id, nextval('attachment_numbers')), new.reply_id,
    new.file_name, new.content_type, new.size_bytes, new.blob_key, new.position)
  RETURNING attachment_id INTO new.attachment_id;
  RETURN new;
END
$$;
--> statement-breakpoint
CREATE TRIGGER compat_reply_attachments INSTEAD OF INSERT OR DELETE ON reply_attachments
FOR EACH ROW EXECUTE FUNCTION compat_reply_attachments();
--> statement-breakpoint
CREATE VIEW document_submission_attachments AS
SELECT a.attachment_id, a.document_submission_reference_number AS reference_number, a.file_name, a.content_type, a.size_bytes, a.blob_key, a.position
FROM attachments a WHERE a.document_submission_reference_number IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION compat_document_submission_attachments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    DELETE FROM attachments WHERE blob_key = old.blob_key;
    RETURN old;
  END IF;
  INSERT INTO attachments (attachment_id, document_submission_reference_number, file_name, content_type, size_bytes, blob_key, position)
  VALUES (coalesce(new.attachment_id, nextval('attachment_numbers')), new.reference_number,
    new.file_name, new.content_type, new.size_bytes, new.blob_key, new.position)
  RETURNING attachment_id INTO new.attachment_id;
  RETURN new;
END
$$;
--> statement-breakpoint
CREATE TRIGGER compat_document_submission_attachments INSTEAD OF INSERT OR DELETE ON document_submission_attachments
FOR EACH ROW EXECUTE FUNCTION compat_document_submission_attachments();
--> statement-breakpoint
ANALYZE thread_entries;
--> statement-breakpoint
ANALYZE attachments;
