CREATE TABLE "doctor_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doctor_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_entity_number" integer NOT NULL,
	"allocation_type" text NOT NULL,
	"practice_number" text NOT NULL,
	"practice_name" text NOT NULL,
	"doctor_name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	CONSTRAINT "doctor_allocations_type_known" CHECK ("doctor_allocations"."allocation_type" in ('GP', 'DENTIST', 'SPECIALIST')),
	CONSTRAINT "doctor_allocations_dates_ordered" CHECK ("doctor_allocations"."end_date" is null or "doctor_allocations"."start_date" <= "doctor_allocations"."end_date")
);
--> statement-breakpoint
CREATE TABLE "member_roles" (
	"entity_number" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "member_roles_entity_number_role_pk" PRIMARY KEY("entity_number","role"),
	CONSTRAINT "member_roles_role_known" CHECK ("member_roles"."role" in ('MEMBER', 'STAFF_AGENT', 'STAFF_SUPERVISOR'))
);
--> statement-breakpoint
CREATE TABLE "waiting_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiting_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_number" integer NOT NULL,
	"type" text NOT NULL,
	"condition" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "waiting_periods_type_known" CHECK ("waiting_periods"."type" in ('GENERAL', 'CONDITION_SPECIFIC')),
	CONSTRAINT "waiting_periods_condition_matches_type" CHECK (("waiting_periods"."type" = 'CONDITION_SPECIFIC') = ("waiting_periods"."condition" is not null)),
	CONSTRAINT "waiting_periods_dates_ordered" CHECK ("waiting_periods"."start_date" <= "waiting_periods"."end_date")
);
--> statement-breakpoint
ALTER TABLE "doctor_allocations" ADD CONSTRAINT "doctor_allocations_patient_entity_number_members_entity_number_fk" FOREIGN KEY ("patient_entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_roles" ADD CONSTRAINT "member_roles_entity_number_members_entity_number_fk" FOREIGN KEY ("entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_periods" ADD CONSTRAINT "waiting_periods_entity_number_members_entity_number_fk" FOREIGN KEY ("entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_allocations_patient" ON "doctor_allocations" USING btree ("patient_entity_number","allocation_type");--> statement-breakpoint
CREATE INDEX "waiting_periods_entity" ON "waiting_periods" USING btree ("entity_number","start_date");