ALTER TABLE "lottery_draws" DROP CONSTRAINT "lottery_draws_state";--> statement-breakpoint
DROP INDEX "lottery_draws_unfinished";--> statement-breakpoint
ALTER TABLE "lottery_draws" ALTER COLUMN "server_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_draws" ALTER COLUMN "seed_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "result_source" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "result_by" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "result_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "result_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "entered_result" jsonb;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "abnormal_reason" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "abnormal_at" timestamp with time zone;--> statement-breakpoint
UPDATE "lottery_draws" SET "result_source" = 'rng' WHERE "result" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "result_source" text DEFAULT 'rng' NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "feed_url" text;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD COLUMN "result_grace_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
CREATE INDEX "lottery_draws_unfinished" ON "lottery_draws" USING btree ("draws_at") WHERE "lottery_draws"."state" in ('open', 'locked', 'drawn', 'abnormal');--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_abnormal" CHECK ("lottery_draws"."state" <> 'abnormal' or ("lottery_draws"."abnormal_reason" is not null and "lottery_draws"."abnormal_at" is not null));--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_seeded" CHECK (("lottery_draws"."server_seed" is null) = ("lottery_draws"."seed_hash" is null));--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_state" CHECK ("lottery_draws"."state" in ('scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled', 'abnormal'));--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_source" CHECK ("lottery_games"."result_source" in ('rng', 'operator', 'feed') and ("lottery_games"."result_source" = 'rng') = ("lottery_games"."schedule" is null) and ("lottery_games"."result_source" = 'feed') = ("lottery_games"."feed_url" is not null) and "lottery_games"."result_grace_seconds" > 0);