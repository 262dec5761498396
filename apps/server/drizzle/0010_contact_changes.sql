CREATE TABLE "contact_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"previous_emails" text[] NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_changes_member" ON "contact_changes" USING btree ("member_entity_number","changed_at");