CREATE TABLE "merchant_domains" (
	"host" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"trial_merchant_code" text NOT NULL,
	"whitelabel" jsonb NOT NULL,
	"promotions" jsonb NOT NULL,
	"vip_display" boolean DEFAULT false NOT NULL,
	"vip_benefits" boolean DEFAULT false NOT NULL,
	"mobile_template" jsonb NOT NULL,
	"registration" jsonb NOT NULL,
	"downloads" jsonb NOT NULL,
	"site_resources" jsonb NOT NULL,
	"customer_service" jsonb NOT NULL,
	"image_cdns" jsonb NOT NULL,
	"time_zone" text DEFAULT 'Asia/Manila' NOT NULL,
	"currency_code" text DEFAULT 'PHP' NOT NULL,
	"currency_symbol" text DEFAULT '₱' NOT NULL,
	"languages" jsonb NOT NULL,
	"default_language" text DEFAULT 'TY' NOT NULL,
	"theme" jsonb NOT NULL,
	"logo_url" text NOT NULL,
	"main_domain" text NOT NULL,
	"domain_route" text NOT NULL,
	"paths" jsonb NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"maintenance_message" text DEFAULT '' NOT NULL,
	"maintenance_until" timestamp with time zone,
	"denied_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"denied_ip_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"type" text NOT NULL,
	"platform" text NOT NULL,
	"group_name" text,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"image_url" text,
	"link" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seed_key" text,
	CONSTRAINT "announcements_type_known" CHECK ("announcements"."type" in ('A', 'PL', 'B', 'PU', 'PR', 'H')),
	CONSTRAINT "announcements_platform_known" CHECK ("announcements"."platform" in ('M', 'W'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"merchant_id" integer,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_credentials_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "merchant_domains" ADD CONSTRAINT "merchant_domains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_single_default" ON "merchants" USING btree ("is_default") WHERE "merchants"."is_default";--> statement-breakpoint
CREATE INDEX "announcements_listing" ON "announcements" USING btree ("merchant_id","type","platform","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_seed_key" ON "announcements" USING btree ("merchant_id","seed_key");--> statement-breakpoint
CREATE INDEX "audit_log_merchant_time" ON "audit_log" USING btree ("merchant_id","created_at");