CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_failures_positive" CHECK ("login_throttle"."failures" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"address" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "member_emails_member_position" UNIQUE("member_entity_number","position")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"entity_number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_entity_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 70000001 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_entity_number" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_emails" ADD CONSTRAINT "member_emails_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_member" ON "sessions" USING btree ("member_entity_number");