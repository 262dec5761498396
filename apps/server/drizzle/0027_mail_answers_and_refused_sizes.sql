ALTER TABLE "inbound_mails" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "delivery_answer" text;