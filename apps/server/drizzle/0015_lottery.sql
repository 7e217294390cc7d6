CREATE TABLE "lottery_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"trial" boolean NOT NULL,
	"game_id" bigint NOT NULL,
	"draw_id" bigint NOT NULL,
	"slip_reference" text NOT NULL,
	"bet_type" text NOT NULL,
	"picks" jsonb NOT NULL,
	"combinations" integer NOT NULL,
	"unit_stake" bigint NOT NULL,
	"multiplier" integer NOT NULL,
	"stake" bigint NOT NULL,
	"prize_group" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bets_state" CHECK ("lottery_bets"."state" in ('pending', 'won', 'lost', 'refunded')),
	CONSTRAINT "lottery_bets_amounts" CHECK ("lottery_bets"."stake" = "lottery_bets"."unit_stake" * "lottery_bets"."multiplier" * "lottery_bets"."combinations" and "lottery_bets"."stake" > 0 and "lottery_bets"."win_amount" >= 0),
	CONSTRAINT "lottery_bets_settled" CHECK (("lottery_bets"."state" = 'pending') = ("lottery_bets"."settled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"game_id" bigint NOT NULL,
	"numero" text NOT NULL,
	"state" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"locks_at" timestamp with time zone NOT NULL,
	"draws_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"public_value" text,
	"ticket_count" integer,
	"result" jsonb,
	"locked_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "lottery_draws_state" CHECK ("lottery_draws"."state" in ('scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled')),
	CONSTRAINT "lottery_draws_times" CHECK ("lottery_draws"."opens_at" <= "lottery_draws"."locks_at" and "lottery_draws"."locks_at" <= "lottery_draws"."draws_at"),
	CONSTRAINT "lottery_draws_drawn_has_result" CHECK ("lottery_draws"."state" not in ('drawn', 'settled') or ("lottery_draws"."result" is not null and "lottery_draws"."public_value" is not null))
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"game_group_code" text NOT NULL,
	"family" text NOT NULL,
	"prize_mode" text NOT NULL,
	"name_en" text NOT NULL,
	"name_tl" text NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"label_name" text DEFAULT '' NOT NULL,
	"menus" jsonb NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"interval_seconds" integer NOT NULL,
	"lock_seconds" integer NOT NULL,
	"prize_group" integer NOT NULL,
	"min_unit_stake" bigint NOT NULL,
	"max_bet_stake" bigint NOT NULL,
	"max_draw_stake_per_member" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lottery_games_timing" CHECK ("lottery_games"."interval_seconds" > 0 and 86400 % "lottery_games"."interval_seconds" = 0 and "lottery_games"."lock_seconds" >= 0 and "lottery_games"."lock_seconds" < "lottery_games"."interval_seconds"),
	CONSTRAINT "lottery_games_prize_group" CHECK ("lottery_games"."prize_group" between 1700 and 1980),
	CONSTRAINT "lottery_games_limits" CHECK ("lottery_games"."min_unit_stake" > 0 and "lottery_games"."max_bet_stake" >= "lottery_games"."min_unit_stake" and "lottery_games"."max_draw_stake_per_member" >= "lottery_games"."max_bet_stake")
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_pending" ON "lottery_bets" USING btree ("draw_id","id") WHERE "lottery_bets"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "lottery_bets_member" ON "lottery_bets" USING btree ("merchant_id","member_id","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_member" ON "lottery_bets" USING btree ("draw_id","member_id");--> statement-breakpoint
CREATE INDEX "lottery_bets_winners" ON "lottery_bets" USING btree ("merchant_id","win_amount") WHERE "lottery_bets"."state" = 'won';--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_numero" ON "lottery_draws" USING btree ("game_id","numero");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_time" ON "lottery_draws" USING btree ("game_id","draws_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_unfinished" ON "lottery_draws" USING btree ("draws_at") WHERE "lottery_draws"."state" in ('open', 'locked', 'drawn');--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_code" ON "lottery_games" USING btree ("merchant_id","game_code");