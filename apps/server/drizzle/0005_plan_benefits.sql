CREATE TABLE "plan_benefits" (
	"plan_id" integer NOT NULL,
	"benefit" text NOT NULL,
	CONSTRAINT "plan_benefits_plan_id_benefit_pk" PRIMARY KEY("plan_id","benefit"),
	CONSTRAINT "plan_benefits_benefit_known" CHECK ("plan_benefits"."benefit" in ('HOSPITAL', 'CHRONIC_MEDICATION', 'DAY_TO_DAY', 'DENTISTRY', 'OPTOMETRY', 'MATERNITY'))
);
--> statement-breakpoint
ALTER TABLE "plan_benefits" ADD CONSTRAINT "plan_benefits_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;