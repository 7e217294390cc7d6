CREATE TABLE "merchant_settings" (
	"merchant_id" integer NOT NULL,
	"area" text NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_settings_merchant_id_area_pk" PRIMARY KEY("merchant_id","area")
);
--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each merchant's wallet_settings row becomes one document per area (amounts stay in centavos).
INSERT INTO "merchant_settings" ("merchant_id", "area", "document")
SELECT "merchant_id", 'wallet', jsonb_build_object('trialBalance', "trial_balance") FROM "wallet_settings"
UNION ALL
SELECT "merchant_id", 'deposits', jsonb_build_object('depositTurnoverPercent', "deposit_turnover_percent", 'depositExpiryMinutes', "deposit_expiry_minutes") FROM "wallet_settings"
UNION ALL
SELECT "merchant_id", 'withdrawals', jsonb_build_object(
  'withdrawMin', "withdraw_min", 'withdrawMax', "withdraw_max", 'withdrawDailyCount', "withdraw_daily_count",
  'withdrawDailyAmount', "withdraw_daily_amount", 'maxPayoutAccounts', "max_payout_accounts"
) FROM "wallet_settings"
UNION ALL
SELECT "merchant_id", 'transfers', jsonb_build_object('transferMin', "transfer_min", 'transferMax', "transfer_max") FROM "wallet_settings";
