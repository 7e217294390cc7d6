CREATE TABLE "help_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seed_key" text
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_agreements" (
	"merchant_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_agreements_merchant_id_version_pk" PRIMARY KEY("merchant_id","version"),
	CONSTRAINT "user_agreements_version_positive" CHECK ("user_agreements"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "inhouse_rounds" ALTER COLUMN "win" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "agreed_terms_version" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_categories" ADD CONSTRAINT "help_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agreements" ADD CONSTRAINT "user_agreements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_category" ON "help_articles" USING btree ("merchant_id","category_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_seed_key" ON "help_articles" USING btree ("merchant_id","seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "help_categories_merchant_key" ON "help_categories" USING btree ("merchant_id","key");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_expire_after_publish" CHECK ("announcements"."expires_at" is null or "announcements"."expires_at" > "announcements"."published_at");