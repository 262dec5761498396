CREATE TABLE "reply_attachments" (
	"attachment_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reply_attachments_attachment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 900001 CACHE 1),
	"reply_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "reply_attachments_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "reply_attachments" ADD CONSTRAINT "reply_attachments_reply_id_agent_responses_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."agent_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_attachments_reply" ON "reply_attachments" USING btree ("reply_id");