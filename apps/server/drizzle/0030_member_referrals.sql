ALTER TABLE "members" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referrer_member_id" bigint;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_referrer_member_id_members_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_referral_code" ON "members" USING btree ("merchant_id","referral_code") WHERE "members"."referral_code" is not null;--> statement-breakpoint
CREATE INDEX "members_referrer_joined" ON "members" USING btree ("referrer_member_id","created_at","id") WHERE "members"."referrer_member_id" is not null;