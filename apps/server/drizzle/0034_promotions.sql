CREATE TABLE "promotion_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"unit" text NOT NULL,
	"comment" text NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"reason" text,
	"amount" bigint,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_applications_status_known" CHECK ("promotion_applications"."status" in ('applying', 'approved', 'rejected')),
	CONSTRAINT "promotion_applications_comment" CHECK (char_length("promotion_applications"."comment") <= 140)
);
--> statement-breakpoint
CREATE TABLE "promotion_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"unit" text NOT NULL,
	"amount" bigint NOT NULL,
	"via" text NOT NULL,
	"reference" text NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_grants_amount_positive" CHECK ("promotion_grants"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"application_id" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_images_size" CHECK ("promotion_images"."size_bytes" between 1 and 5242880),
	CONSTRAINT "promotion_images_type" CHECK ("promotion_images"."content_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "promotion_members" (
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"code" text,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"rule" jsonb NOT NULL,
	"claim_mode" text NOT NULL,
	"period" text NOT NULL,
	"requires_join" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"claim_days" integer DEFAULT 1 NOT NULL,
	"eligibility" jsonb NOT NULL,
	"per_member_limit" integer,
	"budget" bigint,
	"spent" bigint DEFAULT 0 NOT NULL,
	"grant_count" integer DEFAULT 0 NOT NULL,
	"turnover_percent" integer DEFAULT 0 NOT NULL,
	"turnover_base" text DEFAULT 'bonus' NOT NULL,
	"contributions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_budget_kept" CHECK ("promotions"."budget" is null or "promotions"."spent" <= "promotions"."budget"),
	CONSTRAINT "promotions_spent_positive" CHECK ("promotions"."spent" >= 0 and "promotions"."grant_count" >= 0),
	CONSTRAINT "promotions_state_known" CHECK ("promotions"."state" in ('active', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "contributions" jsonb;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_images" ADD CONSTRAINT "promotion_images_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_images" ADD CONSTRAINT "promotion_images_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_images" ADD CONSTRAINT "promotion_images_application_id_promotion_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."promotion_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_members" ADD CONSTRAINT "promotion_members_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_members" ADD CONSTRAINT "promotion_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_applications_open" ON "promotion_applications" USING btree ("promotion_id","member_id","unit") WHERE "promotion_applications"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "promotion_applications_merchant" ON "promotion_applications" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_grants_unit" ON "promotion_grants" USING btree ("promotion_id","member_id","unit");--> statement-breakpoint
CREATE INDEX "promotion_grants_member" ON "promotion_grants" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_images_public_id" ON "promotion_images" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "promotion_images_member" ON "promotion_images" USING btree ("member_id","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_members_key" ON "promotion_members" USING btree ("promotion_id","member_id");--> statement-breakpoint
CREATE INDEX "promotions_merchant" ON "promotions" USING btree ("merchant_id","state","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_merchant_code" ON "promotions" USING btree ("merchant_id","code") WHERE "promotions"."code" is not null;