ALTER TABLE "conversations" ADD COLUMN "first_due_on" date;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_by_entity_number" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_reply_business_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "resolution_business_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_first_reply_by_entity_number_members_entity_number_fk" FOREIGN KEY ("first_reply_by_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- No conversation is rewritten here: a scheme's millions would hold the upgrade (and the portal's
-- start) for many minutes. The rows found are marked by the column's default (true, a change of
-- the catalogue alone, not of the rows); new ones take false. modules/reports adds each marked
-- conversation's first promise, first reply and volumes in small batches in the background
-- (decision 0025), or `cli reports:summarise` does at once.
ALTER TABLE "conversations" ADD COLUMN "report_backfill_pending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "report_backfill_pending" SET DEFAULT false;--> statement-breakpoint
CREATE INDEX "conversations_report_logged" ON "conversations" USING btree ("logged_at","origin","category","first_due_on","first_reply_at","first_reply_by_entity_number","assigned_to_entity_number","first_reply_business_minutes","resolution_business_minutes");--> statement-breakpoint
CREATE INDEX "conversations_report_pending" ON "conversations" USING btree ("reference_number") WHERE "conversations"."report_backfill_pending" or ("conversations"."first_reply_at" is not null and "conversations"."first_reply_business_minutes" is null) or ("conversations"."closed_at" is not null and "conversations"."resolution_business_minutes" is null);--> statement-breakpoint
CREATE INDEX "document_submissions_logged" ON "document_submissions" USING btree ("logged_at");
