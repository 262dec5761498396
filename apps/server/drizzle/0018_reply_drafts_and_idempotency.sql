CREATE TABLE "reply_drafts" (
	"reference_number" integer NOT NULL,
	"author_entity_number" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reply_drafts_reference_number_author_entity_number_kind_pk" PRIMARY KEY("reference_number","author_entity_number","kind"),
	CONSTRAINT "reply_drafts_kind_known" CHECK ("reply_drafts"."kind" in ('REPLY', 'NOTE'))
);
--> statement-breakpoint
ALTER TABLE "agent_responses" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_reference_number_queries_reference_number_fk" FOREIGN KEY ("reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_author_entity_number_members_entity_number_fk" FOREIGN KEY ("author_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_drafts_author" ON "reply_drafts" USING btree ("author_entity_number");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_responses_idempotency" ON "agent_responses" USING btree ("reference_number","idempotency_key");