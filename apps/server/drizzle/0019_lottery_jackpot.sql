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
ALTER TABLE "lottery_jackpots" ADD CONSTRAINT "lottery_jackpots_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;