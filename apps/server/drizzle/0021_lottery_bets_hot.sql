DROP INDEX "lottery_bets_draw_pending";--> statement-breakpoint
DROP INDEX "lottery_bets_winners";--> statement-breakpoint
CREATE INDEX "lottery_bets_winners" ON "lottery_bets" USING btree ("merchant_id","win_amount") WHERE "lottery_bets"."win_amount" > 0;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_won" CHECK (("lottery_bets"."state" = 'won') = ("lottery_bets"."win_amount" > 0));--> statement-breakpoint
-- Room on each page for its rows' settled versions (drizzle cannot say a table's storage
-- parameters): a row updated without changing an indexed column stays on its page (a HOT update)
-- only when the page has room for the new version, and every bet of a draw is updated once, within
-- moments of its neighbours. Pages filled to half keep that room for all of them; the table takes
-- about twice the space. Rows already written keep their pages; new bets get the room.
ALTER TABLE "lottery_bets" SET (fillfactor = 50);
