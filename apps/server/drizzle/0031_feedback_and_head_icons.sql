CREATE TABLE "feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_status_known" CHECK ("feedback"."status" in ('pending', 'answered')),
	CONSTRAINT "feedback_answer_with_status" CHECK (("feedback"."status" = 'answered') = ("feedback"."answer" is not null and "feedback"."answered_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "feedback_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"feedback_id" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_images_size" CHECK ("feedback_images"."size_bytes" between 1 and 5242880),
	CONSTRAINT "feedback_images_type" CHECK ("feedback_images"."content_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "member_head_icons" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"avatar" text,
	"storage_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_head_icons_one_kind" CHECK (("member_head_icons"."avatar" is null) <> ("member_head_icons"."storage_key" is null))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_head_icons" ADD CONSTRAINT "member_head_icons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_head_icons" ADD CONSTRAINT "member_head_icons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_member" ON "feedback" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "feedback_merchant_status" ON "feedback" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_images_public_id" ON "feedback_images" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "feedback_images_member" ON "feedback_images" USING btree ("member_id","feedback_id");--> statement-breakpoint
CREATE INDEX "feedback_images_feedback" ON "feedback_images" USING btree ("feedback_id");