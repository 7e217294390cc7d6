CREATE TABLE "lottery_jackpots" (
	"game_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"pool" bigint NOT NULL,
	"minimum" bigint NOT NULL,
	"share_basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lottery_jackpots_amounts" CHECK ("lottery_jackpots"."minimum" > 0 and "lottery_jackpots"."pool" >= "lottery_jackpots"."minimum" and "lottery_jackpots"."share_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "jackpot" jsonb;--> statement-breakpoint
ALTER TABLE "lottery_jackpots" ADD CONSTRAINT "lottery_jackpots_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_jackpots" ADD CONSTRAINT "lottery_jackpots_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Swertres' official cut-off: PCSO closes the 9 PM draw's sales at 8:00 PM (the 2 and 5 PM draws' at 1:45 and 4:45 PM, the game's 15 minutes).
UPDATE "lottery_games" SET "schedule" = "schedule" || '{"lockSecondsAt":{"21:00":3600}}'::jsonb
WHERE "family" = 'P3D' AND "schedule"->'times' @> '["21:00"]'::jsonb AND "schedule"->'lockSecondsAt' IS NULL;
