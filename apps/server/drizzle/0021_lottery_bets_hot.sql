DROP INDEX "lottery_bets_draw_pending";--> statement-breakpoint
DROP INDEX "lottery_bets_winners";--> statement-breakpoint
CREATE INDEX "lottery_bets_winners" ON "lottery_bets" USING btree ("merchant_id","win_amount") WHERE "lottery_bets"."win_amount" > 0;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_won" CHECK (("lottery_bets"."state" = 'won') = ("lottery_bets"."win_amount" > 0));