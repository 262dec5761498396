CREATE TABLE "data_exports" (
	"export_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_export_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"requested_by_entity_number" integer NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"blob_key" text NOT NULL,
	"size_bytes" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_blob_key_unique" UNIQUE("blob_key"),
	CONSTRAINT "data_exports_status_known" CHECK ("data_exports"."status" in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"request_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_requests_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"kind" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by_entity_number" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"outcome" text,
	"erasure_report" jsonb,
	CONSTRAINT "data_requests_kind_known" CHECK ("data_requests"."kind" in ('ACCESS', 'CORRECTION', 'DELETION')),
	CONSTRAINT "data_requests_status_known" CHECK ("data_requests"."status" in ('OPEN', 'COMPLETED'))
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"member_entity_number" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by_entity_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_roles" DROP CONSTRAINT "member_roles_role_known";--> statement-breakpoint
DROP INDEX "audit_events_subject";--> statement-breakpoint
DROP INDEX "audit_events_actor";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "reference_number" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD COLUMN "purge_reason" text;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "purge_reason" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_member" ON "data_exports" USING btree ("member_entity_number","requested_at");--> statement-breakpoint
CREATE INDEX "data_exports_waiting" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "data_exports_expiry" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."status" = 'READY';--> statement-breakpoint
CREATE INDEX "data_requests_status" ON "data_requests" USING btree ("status","request_id");--> statement-breakpoint
CREATE INDEX "account_tokens_expires" ON "account_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "audit_events_resource" ON "audit_events" USING btree ("resource","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "document_submissions_retention_due" ON "document_submissions" USING btree ("logged_at","reference_number") WHERE "document_submissions"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_throttle_window" ON "login_throttle" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_retention_due" ON "outbox_mails" USING btree ("created_at") WHERE "outbox_mails"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "outbox_mails_member" ON "outbox_mails" USING btree ("member_entity_number");--> statement-breakpoint
CREATE INDEX "queries_retention_due" ON "queries" USING btree ("closed_at","reference_number") WHERE "queries"."status" = 'CLOSED' and "queries"."purged_at" is null and "queries"."parent_reference_number" is null;--> statement-breakpoint
CREATE INDEX "sessions_last_seen" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "sessions_created" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_subject" ON "audit_events" USING btree ("subject_entity_number","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor" ON "audit_events" USING btree ("actor_entity_number","at","id");--> statement-breakpoint
ALTER TABLE "document_submissions" ADD CONSTRAINT "document_submissions_purge_reason_known" CHECK ("document_submissions"."purge_reason" in ('RETENTION', 'ERASURE'));--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_role_known" CHECK ("member_roles"."role" in ('MEMBER', 'STAFF_AGENT', 'STAFF_SUPERVISOR', 'STAFF_INFORMATION_OFFICER'));--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_purge_reason_known" CHECK ("queries"."purge_reason" in ('RETENTION', 'ERASURE'));--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_purged_with_reason" CHECK (("queries"."purged_at" is null) = ("queries"."purge_reason" is null));--> statement-breakpoint
-- Written by hand after generation (drizzle-kit does not model triggers): the audit trail stays
-- append-only for every statement but the retention purge's, which declares a cut-off for its own
-- transaction (set_config('portal.audit_purge_before', …, true)) and may delete only rows older
-- than it. No cut-off can reach a row younger than a year, whatever the setting says. Updates and
-- TRUNCATE stay refused. docs/decisions/0022.
CREATE OR REPLACE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	purge_before text := current_setting('portal.audit_purge_before', true);
BEGIN
	IF TG_OP = 'DELETE' AND purge_before IS NOT NULL AND purge_before <> ''
		AND OLD."at" < purge_before::timestamptz
		AND OLD."at" < now() - interval '365 days' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
