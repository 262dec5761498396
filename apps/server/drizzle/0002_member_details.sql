CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_entity_number" integer NOT NULL,
	"subject_entity_number" integer NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"request_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emergency_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text,
	"position" integer NOT NULL,
	CONSTRAINT "emergency_contacts_member_position" UNIQUE("member_entity_number","position")
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"type" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"suburb" text,
	"city" text NOT NULL,
	"province" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "member_addresses_member_type" UNIQUE("member_entity_number","type"),
	CONSTRAINT "member_addresses_type_known" CHECK ("member_addresses"."type" in ('POSTAL', 'RESIDENTIAL'))
);
--> statement-breakpoint
CREATE TABLE "member_phones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_entity_number" integer NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "member_phones_member_position" UNIQUE("member_entity_number","position"),
	CONSTRAINT "member_phones_type_known" CHECK ("member_phones"."type" in ('MOBILE', 'HOME', 'WORK'))
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"entity_number" integer PRIMARY KEY NOT NULL,
	"title" text,
	"date_of_birth" date,
	"gender" text,
	"identity_number" text,
	"identity_type" text,
	"membership_number" text,
	CONSTRAINT "member_profiles_membership_number_unique" UNIQUE("membership_number"),
	CONSTRAINT "member_profiles_gender_known" CHECK ("member_profiles"."gender" in ('FEMALE', 'MALE', 'OTHER')),
	CONSTRAINT "member_profiles_identity_type_known" CHECK ("member_profiles"."identity_type" in ('ID', 'PASSPORT')),
	CONSTRAINT "member_profiles_identity_complete" CHECK (("member_profiles"."identity_number" is null) = ("member_profiles"."identity_type" is null))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scheme_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "plans_scheme_code" UNIQUE("scheme_id","code")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"policy_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policies_policy_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 4000001 CACHE 1),
	"policy_identifier" text NOT NULL,
	"plan_id" integer NOT NULL,
	"principal_entity_number" integer NOT NULL,
	"start_date" date NOT NULL,
	CONSTRAINT "policies_policy_identifier_unique" UNIQUE("policy_identifier")
);
--> statement-breakpoint
CREATE TABLE "policy_dependents" (
	"policy_id" integer NOT NULL,
	"dependent_entity_number" integer NOT NULL,
	"relationship" text NOT NULL,
	"dependent_code" text NOT NULL,
	CONSTRAINT "policy_dependents_policy_id_dependent_entity_number_pk" PRIMARY KEY("policy_id","dependent_entity_number"),
	CONSTRAINT "policy_dependents_policy_code" UNIQUE("policy_id","dependent_code"),
	CONSTRAINT "policy_dependents_relationship_known" CHECK ("policy_dependents"."relationship" in ('SPOUSE', 'CHILD', 'ADULT_DEPENDANT')),
	CONSTRAINT "policy_dependents_code_format" CHECK ("policy_dependents"."dependent_code" ~ '^(0[1-9]|[1-9][0-9])$')
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schemes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "schemes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "username" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_phones" ADD CONSTRAINT "member_phones_member_entity_number_members_entity_number_fk" FOREIGN KEY ("member_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_entity_number_members_entity_number_fk" FOREIGN KEY ("entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_principal_entity_number_members_entity_number_fk" FOREIGN KEY ("principal_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_dependents" ADD CONSTRAINT "policy_dependents_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_dependents" ADD CONSTRAINT "policy_dependents_dependent_entity_number_members_entity_number_fk" FOREIGN KEY ("dependent_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_subject" ON "audit_events" USING btree ("subject_entity_number","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor" ON "audit_events" USING btree ("actor_entity_number","at");--> statement-breakpoint
CREATE INDEX "policies_principal" ON "policies" USING btree ("principal_entity_number","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "policy_dependents_dependent" ON "policy_dependents" USING btree ("dependent_entity_number");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_login_complete" CHECK (("members"."username" is null) = ("members"."password_hash" is null));--> statement-breakpoint
-- Written by hand after generation (drizzle-kit does not model triggers): the audit trail is
-- append-only for every role the application connects as, whatever code runs.
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
