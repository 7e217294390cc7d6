-- Captchas keep their code (a hashed 6-digit code protects nothing) and outbox messages their
-- merchant. Both tables hold only short-lived rows (captchas live 5 minutes, outbox codes and links
-- at most 30), so rows written before this migration are dropped rather than back-filled: the new
-- NOT NULL columns have no value to give them.
DELETE FROM "captchas";--> statement-breakpoint
DELETE FROM "outbox_messages";--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "merchant_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_merchant" ON "outbox_messages" USING btree ("merchant_id","id");--> statement-breakpoint
ALTER TABLE "captchas" DROP COLUMN "code_hash";
