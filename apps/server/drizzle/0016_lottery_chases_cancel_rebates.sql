CREATE TABLE "lottery_chase_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_chase_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chase_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"game_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"numero" text NOT NULL,
	"draws_at" timestamp with time zone NOT NULL,
	"multiplier" integer NOT NULL,
	"stake" bigint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"draw_id" bigint,
	"reference" text,
	"placed_at" timestamp with time zone,
	CONSTRAINT "lottery_chase_draws_state" CHECK ("lottery_chase_draws"."state" in ('waiting', 'placed', 'cancelled', 'missed')),
	CONSTRAINT "lottery_chase_draws_placed" CHECK (("lottery_chase_draws"."placed_at" is null) = ("lottery_chase_draws"."reference" is null)),
	CONSTRAINT "lottery_chase_draws_stake" CHECK ("lottery_chase_draws"."stake" > 0 and "lottery_chase_draws"."multiplier" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_chases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_chases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"trial" boolean NOT NULL,
	"game_id" bigint NOT NULL,
	"bets" jsonb NOT NULL,
	"slip_stake" bigint NOT NULL,
	"prize_group" integer NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "lottery_chases_state" CHECK ("lottery_chases"."state" in ('active', 'finished', 'stopped')),
	CONSTRAINT "lottery_chases_stopped" CHECK (("lottery_chases"."state" = 'stopped') = ("lottery_chases"."stop_reason" is not null) and ("lottery_chases"."state" = 'active') = ("lottery_chases"."ended_at" is null)),
	CONSTRAINT "lottery_chases_stake" CHECK ("lottery_chases"."slip_stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_prize_groups" (
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"prize_group" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lottery_prize_groups_range" CHECK ("lottery_prize_groups"."prize_group" between 1700 and 1980)
);
--> statement-breakpoint
CREATE TABLE "lottery_rebates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_rebates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"agent_member_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"bet_id" bigint NOT NULL,
	"draw_id" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"agent_group" integer NOT NULL,
	"child_group" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lottery_rebates_amount" CHECK ("lottery_rebates"."amount" > 0 and "lottery_rebates"."agent_group" > "lottery_rebates"."child_group")
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" DROP CONSTRAINT "lottery_bets_state";--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "chase_id" bigint;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "upline_groups" jsonb;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "cancel_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_chase_draws" ADD CONSTRAINT "lottery_chase_draws_chase_id_lottery_chases_id_fk" FOREIGN KEY ("chase_id") REFERENCES "public"."lottery_chases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chase_draws" ADD CONSTRAINT "lottery_chase_draws_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chase_draws" ADD CONSTRAINT "lottery_chase_draws_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chase_draws" ADD CONSTRAINT "lottery_chase_draws_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chases" ADD CONSTRAINT "lottery_chases_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chases" ADD CONSTRAINT "lottery_chases_game_id_lottery_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prize_groups" ADD CONSTRAINT "lottery_prize_groups_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_rebates" ADD CONSTRAINT "lottery_rebates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_rebates" ADD CONSTRAINT "lottery_rebates_bet_id_lottery_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."lottery_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_rebates" ADD CONSTRAINT "lottery_rebates_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_chase_draws_seq" ON "lottery_chase_draws" USING btree ("chase_id","seq");--> statement-breakpoint
CREATE INDEX "lottery_chase_draws_waiting" ON "lottery_chase_draws" USING btree ("game_id","numero") WHERE "lottery_chase_draws"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "lottery_chases_member" ON "lottery_chases" USING btree ("merchant_id","member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_prize_groups_member" ON "lottery_prize_groups" USING btree ("merchant_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_rebates_bet_agent" ON "lottery_rebates" USING btree ("bet_id","agent_member_id");--> statement-breakpoint
CREATE INDEX "lottery_rebates_agent" ON "lottery_rebates" USING btree ("merchant_id","agent_member_id","id");--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_chase_id_lottery_chases_id_fk" FOREIGN KEY ("chase_id") REFERENCES "public"."lottery_chases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_chase" ON "lottery_bets" USING btree ("chase_id") WHERE "lottery_bets"."chase_id" is not null;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_state" CHECK ("lottery_bets"."state" in ('pending', 'won', 'lost', 'refunded', 'cancelled'));