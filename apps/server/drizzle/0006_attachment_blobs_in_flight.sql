CREATE TABLE "attachment_blobs_in_flight" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_card_orders" DROP CONSTRAINT "membership_card_orders_ordered_by_members_entity_number_fk";
--> statement-breakpoint
CREATE INDEX "attachment_blobs_in_flight_created" ON "attachment_blobs_in_flight" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "membership_card_orders" ADD CONSTRAINT "membership_card_orders_ordered_by_members_entity_number_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."members"("entity_number") ON DELETE no action ON UPDATE no action;