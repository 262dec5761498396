CREATE TABLE "queue_count_changes" (
	"bucket" text NOT NULL,
	"conversations" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_volume_changes" (
	"hour" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"category" text NOT NULL,
	"new_queries" integer DEFAULT 0 NOT NULL,
	"updates" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_count_changes_bucket" ON "queue_count_changes" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "report_volume_changes_hour" ON "report_volume_changes" USING btree ("hour");--> statement-breakpoint
-- The queue's counts and the reports' volumes were rows that the triggers of every new query,
-- update, reply and close updated in place (ON CONFLICT DO UPDATE), in the writer's transaction:
-- every write of the scheme queued on the same few rows ("status:OPEN", the hour's channel and
-- category), and a new query (buckets, then the hour) and a reply (the hour, then the buckets)
-- took them in opposite orders and deadlocked. Now a writer only inserts what it changed into a
-- table of changes, which locks no existing row; a read adds the changes to the folded rows, and a
-- background fold moves the changes into them (decision 0031).
CREATE OR REPLACE FUNCTION queue_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO queue_count_changes (bucket, conversations)
  SELECT bucket, sum(delta)::int FROM (
    SELECT unnest(removed) AS bucket, -1 AS delta
    UNION ALL SELECT unnest(added), 1
  ) changes GROUP BY bucket HAVING sum(delta) <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_volumes_add(at timestamptz, origin text, category text,
  new_queries integer, updates integer, replies integer, closed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_volume_changes (hour, origin, category, new_queries, updates, replies, closed)
  VALUES (date_bin('1 hour', at, '2000-01-01 00:00:00+00'), origin, category, new_queries, updates, replies, closed)
$$;
