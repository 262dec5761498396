ALTER TABLE "data_exports" ADD COLUMN "data_request_id" integer;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_data_request_id_data_requests_request_id_fk" FOREIGN KEY ("data_request_id") REFERENCES "public"."data_requests"("request_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_member" ON "data_requests" USING btree ("member_entity_number","request_id");--> statement-breakpoint
CREATE INDEX "member_profiles_identity_number" ON "member_profiles" USING btree ("identity_number");