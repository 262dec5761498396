CREATE TABLE "outbox_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"to_addresses" text[] NOT NULL,
	"cc_addresses" text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"member_entity_number" integer,
	"reference_number" integer,
	CONSTRAINT "outbox_mails_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "outbox_mails_status_known" CHECK ("outbox_mails"."status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "query_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "query_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference_number" integer NOT NULL,
	"author_entity_number" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_responses" DROP CONSTRAINT "agent_responses_pkey";--> statement-breakpoint
ALTER TABLE "agent_responses" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "agent_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "agent_responses" ADD COLUMN "sent_by_entity_number" integer;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD COLUMN "recorded_by_entity_number" integer;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "reply_due_on" date;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "assigned_to_entity_number" integer;--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_notes" ADD CONSTRAINT "query_notes_reference_number_queries_reference_number_fk" FOREIGN KEY ("reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_notes" ADD CONSTRAINT "query_notes_author_entity_number_members_entity_number_fk" FOREIGN KEY ("author_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mails_due" ON "outbox_mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "query_notes_reference" ON "query_notes" USING btree ("reference_number","created_at");--> statement-breakpoint
ALTER TABLE "agent_responses" ADD CONSTRAINT "agent_responses_sent_by_entity_number_members_entity_number_fk" FOREIGN KEY ("sent_by_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD CONSTRAINT "document_submissions_recorded_by_entity_number_members_entity_number_fk" FOREIGN KEY ("recorded_by_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_assigned_to_entity_number_members_entity_number_fk" FOREIGN KEY ("assigned_to_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_responses_reference" ON "agent_responses" USING btree ("reference_number","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queries_queue" ON "queries" USING btree ("status","reply_due_on","reference_number");