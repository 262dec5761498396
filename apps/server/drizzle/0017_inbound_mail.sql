CREATE TABLE "inbound_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"folder" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"message_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"conversation_reference_number" integer,
	"reference_number" integer,
	"member_entity_number" integer,
	"from_address" text,
	"subject" text,
	"sent_at" timestamp with time zone,
	"raw_blob_key" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_entity_number" integer,
	CONSTRAINT "inbound_mails_uid" UNIQUE("folder","uid_validity","uid"),
	CONSTRAINT "inbound_mails_outcome_known" CHECK ("inbound_mails"."outcome" in ('UPDATE', 'NEW_QUERY', 'UNMATCHED', 'LINKED', 'DISCARDED'))
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "conversation_reference_number" integer;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "thread_references" text[];--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_conversation_reference_number_conversations_reference_number_fk" FOREIGN KEY ("conversation_reference_number") REFERENCES "public"."conversations"("reference_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_reference_number_queries_reference_number_fk" FOREIGN KEY ("reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_resolved_by_entity_number_members_entity_number_fk" FOREIGN KEY ("resolved_by_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mails_message_id" ON "inbound_mails" USING btree ("message_id") WHERE "inbound_mails"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "inbound_mails_unmatched" ON "inbound_mails" USING btree ("id") WHERE "inbound_mails"."outcome" = 'UNMATCHED';--> statement-breakpoint
CREATE INDEX "inbound_mails_retention" ON "inbound_mails" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "inbound_mails_member" ON "inbound_mails" USING btree ("member_entity_number");--> statement-breakpoint
CREATE INDEX "outbox_mails_conversation" ON "outbox_mails" USING btree ("conversation_reference_number","id") WHERE "outbox_mails"."conversation_reference_number" is not null;