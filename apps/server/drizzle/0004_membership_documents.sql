CREATE TABLE "membership_card_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_card_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_number" integer NOT NULL,
	"ordered_on" date NOT NULL,
	"ordered_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_card_orders_one_per_day" UNIQUE("entity_number","ordered_on")
);
--> statement-breakpoint
CREATE TABLE "profile_pictures" (
	"entity_number" integer PRIMARY KEY NOT NULL,
	"image" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_pictures_size_positive" CHECK ("profile_pictures"."width" > 0 and "profile_pictures"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "membership_card_orders" ADD CONSTRAINT "membership_card_orders_entity_number_members_entity_number_fk" FOREIGN KEY ("entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_card_orders" ADD CONSTRAINT "membership_card_orders_ordered_by_members_entity_number_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_pictures" ADD CONSTRAINT "profile_pictures_entity_number_members_entity_number_fk" FOREIGN KEY ("entity_number") REFERENCES "public"."members"("entity_number") ON DELETE cascade ON UPDATE no action;