-- The reports' summary of a conversation is kept by triggers in the transaction of every change,
-- like the queue's counts (migration 0014), so that no writer (a command, the purge, an erasure, a
-- reply written by a later command) can leave it wrong: the promise of the first message when the
-- conversation begins; the first reply (when, by whom) when a reply is stored; and the business
-- minutes cleared whenever what they measure changes (modules/reports works them out again with
-- the domain's calendar). Reopening clears the minutes to resolution: they are measured to the
-- last close.
CREATE FUNCTION conversations_report_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    new.first_due_on := coalesce(new.first_due_on, new.reply_due_on);
  ELSE
    IF new.first_reply_at IS DISTINCT FROM old.first_reply_at THEN
      new.first_reply_business_minutes := NULL;
    END IF;
    IF new.closed_at IS DISTINCT FROM old.closed_at THEN
      new.resolution_business_minutes := NULL;
    END IF;
  END IF;
  RETURN new;
END
$$;--> statement-breakpoint
CREATE TRIGGER conversations_report_summary
BEFORE INSERT OR UPDATE OF first_reply_at, closed_at ON conversations
FOR EACH ROW EXECUTE FUNCTION conversations_report_summary();--> statement-breakpoint
CREATE FUNCTION agent_responses_first_reply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c
  SET first_reply_at = new.sent_at, first_reply_by_entity_number = new.sent_by_entity_number
  FROM queries q
  WHERE q.reference_number = new.reference_number
    AND c.reference_number = q.conversation_reference_number
    AND (c.first_reply_at IS NULL OR c.first_reply_at > new.sent_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER agent_responses_first_reply
AFTER INSERT ON agent_responses
FOR EACH ROW EXECUTE FUNCTION agent_responses_first_reply();
