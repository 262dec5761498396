CREATE TABLE "agent_responses" (
	"reference_number" integer PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_submission_attachments" (
	"attachment_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_submission_attachments_attachment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 900001 CACHE 1),
	"reference_number" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "document_submission_attachments_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
CREATE TABLE "document_submissions" (
	"reference_number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_submissions_reference_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 800001 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"category" text NOT NULL,
	"logged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"member_entity_number" integer NOT NULL,
	"key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"reference_number" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_member_entity_number_key_pk" PRIMARY KEY("member_entity_number","key")
);
--> statement-breakpoint
CREATE TABLE "queries" (
	"reference_number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queries_reference_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 300001 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"origin" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"product" text,
	"query_text" text NOT NULL,
	"email" text NOT NULL,
	"cc_email" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"parent_reference_number" integer,
	"logged_at" timestamp with time zone NOT NULL,
	"legacy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "queries_origin_known" CHECK ("queries"."origin" in ('MEMBER_WEB', 'MED_XPRESS')),
	CONSTRAINT "queries_status_known" CHECK ("queries"."status" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "query_attachments" (
	"attachment_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "query_attachments_attachment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 500001 CACHE 1),
	"reference_number" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "query_attachments_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
ALTER TABLE "agent_responses" ADD CONSTRAINT "agent_responses_reference_number_queries_reference_number_fk" FOREIGN KEY ("reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submission_attachments" ADD CONSTRAINT "document_submission_attachments_reference_number_document_submissions_reference_number_fk" FOREIGN KEY ("reference_number") REFERENCES "public"."document_submissions"("reference_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD CONSTRAINT "document_submissions_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_parent_reference_number_queries_reference_number_fk" FOREIGN KEY ("parent_reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_attachments" ADD CONSTRAINT "query_attachments_reference_number_queries_reference_number_fk" FOREIGN KEY ("reference_number") REFERENCES "public"."queries"("reference_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_submission_attachments_reference" ON "document_submission_attachments" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "document_submissions_member" ON "document_submissions" USING btree ("member_entity_number");--> statement-breakpoint
CREATE INDEX "queries_open_list" ON "queries" USING btree ("member_entity_number","origin","status","logged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queries_parent" ON "queries" USING btree ("parent_reference_number");--> statement-breakpoint
CREATE INDEX "query_attachments_reference" ON "query_attachments" USING btree ("reference_number");