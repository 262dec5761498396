ALTER TABLE "conversations" ADD COLUMN "first_due_on" date;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_by_entity_number" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_business_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "resolution_business_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_first_reply_by_entity_number_members_entity_number_fk" FOREIGN KEY ("first_reply_by_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_responses_sent" ON "agent_responses" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "conversations_report_logged" ON "conversations" USING btree ("logged_at");--> statement-breakpoint
CREATE INDEX "conversations_report_closed" ON "conversations" USING btree ("closed_at") WHERE "conversations"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "conversations_report_pending" ON "conversations" USING btree ("reference_number") WHERE ("conversations"."first_reply_at" is not null and "conversations"."first_reply_business_minutes" is null) or ("conversations"."closed_at" is not null and "conversations"."resolution_business_minutes" is null);--> statement-breakpoint
CREATE INDEX "document_submissions_logged" ON "document_submissions" USING btree ("logged_at");--> statement-breakpoint
CREATE INDEX "queries_report_updates" ON "queries" USING btree ("logged_at") WHERE "queries"."parent_reference_number" is not null;--> statement-breakpoint
-- The reports' summary of the conversations already kept: the promise of each first query, and the
-- first reply. The business minutes are worked out by modules/reports with the domain's calendar
-- in TIME_ZONE (the first report does it, or `cli reports:summarise`).
UPDATE "conversations" c SET "first_due_on" = q."reply_due_on"
  FROM "queries" q WHERE q."reference_number" = c."reference_number";--> statement-breakpoint
UPDATE "conversations" c SET "first_reply_at" = r."sent_at", "first_reply_by_entity_number" = r."sent_by_entity_number"
  FROM (
    SELECT DISTINCT ON (q."conversation_reference_number") q."conversation_reference_number" AS "conversation",
      a."sent_at", a."sent_by_entity_number"
    FROM "agent_responses" a JOIN "queries" q ON q."reference_number" = a."reference_number"
    ORDER BY q."conversation_reference_number", a."sent_at", a."id"
  ) r
  WHERE c."reference_number" = r."conversation";
