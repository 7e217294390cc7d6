CREATE TABLE "rebate_accruals" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"turnover" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_accruals_member_id_day_category_pk" PRIMARY KEY("member_id","day","category"),
	CONSTRAINT "rebate_accruals_amounts" CHECK ("rebate_accruals"."turnover" >= 0 and "rebate_accruals"."amount" >= 0 and "rebate_accruals"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"members" integer NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "rebate_days_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"merchant_id" integer NOT NULL,
	"vip_level" integer NOT NULL,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "rebate_rates_merchant_id_vip_level_category_pk" PRIMARY KEY("merchant_id","vip_level","category"),
	CONSTRAINT "rebate_rates_rate" CHECK ("rebate_rates"."rate_bp" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "vip_days" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"upgraded" integer DEFAULT 0 NOT NULL,
	"relegated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_days_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_id" integer NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"deposit_required" bigint DEFAULT 0 NOT NULL,
	"turnover_required" bigint DEFAULT 0 NOT NULL,
	"keep_deposit" bigint DEFAULT 0 NOT NULL,
	"keep_turnover" bigint DEFAULT 0 NOT NULL,
	"upgrade_bonus" bigint DEFAULT 0 NOT NULL,
	"birthday_bonus" bigint DEFAULT 0 NOT NULL,
	"monthly_bonus" bigint DEFAULT 0 NOT NULL,
	"withdraw_daily_amount" bigint DEFAULT 0 NOT NULL,
	"withdraw_daily_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vip_levels_merchant_id_level_pk" PRIMARY KEY("merchant_id","level")
);
--> statement-breakpoint
CREATE TABLE "vip_progress" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"base_deposits" bigint DEFAULT 0 NOT NULL,
	"base_turnover" bigint DEFAULT 0 NOT NULL,
	"period_deposits" bigint DEFAULT 0 NOT NULL,
	"period_turnover" bigint DEFAULT 0 NOT NULL,
	"period_start" date NOT NULL,
	"counted_through" date
);
--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_days" ADD CONSTRAINT "rebate_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_rates" ADD CONSTRAINT "rebate_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_days" ADD CONSTRAINT "vip_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_progress" ADD CONSTRAINT "vip_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_progress" ADD CONSTRAINT "vip_progress_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_accruals_merchant_day" ON "rebate_accruals" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "vip_progress_merchant" ON "vip_progress" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_paid" ON "deposit_orders" USING btree ("merchant_id","decided_at") WHERE "deposit_orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "game_rounds_settled" ON "game_rounds" USING btree ("merchant_id","settled_at") WHERE "game_rounds"."status" = 'settled';