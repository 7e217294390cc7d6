CREATE TABLE "leaderboard_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leaderboard_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"title_ty" text NOT NULL,
	"title_en" text NOT NULL,
	"metric" text NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"prizes" jsonb NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"refreshed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_periods_metric" CHECK ("leaderboard_periods"."metric" in ('turnover', 'wins')),
	CONSTRAINT "leaderboard_periods_state" CHECK ("leaderboard_periods"."state" in ('scheduled', 'paid', 'cancelled')),
	CONSTRAINT "leaderboard_periods_times" CHECK ("leaderboard_periods"."starts_at" < "leaderboard_periods"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_prizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leaderboard_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"score" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_prizes_amount" CHECK ("leaderboard_prizes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_standings" (
	"period_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"score" bigint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "leaderboard_standings_period_id_member_id_pk" PRIMARY KEY("period_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "red_rain_envelopes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_rain_envelopes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"member_id" bigint,
	"grabbed_at" timestamp with time zone,
	CONSTRAINT "red_rain_envelopes_amount" CHECK ("red_rain_envelopes"."amount" >= 1),
	CONSTRAINT "red_rain_envelopes_taken_whole" CHECK (("red_rain_envelopes"."member_id" is null) = ("red_rain_envelopes"."grabbed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "red_rain_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_rain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"title_ty" text NOT NULL,
	"title_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"budget" bigint NOT NULL,
	"envelope_count" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"grabs_per_member" integer NOT NULL,
	"qualification" text NOT NULL,
	"qualify_amount" bigint NOT NULL,
	"qualify_from" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"split_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_rain_events_state" CHECK ("red_rain_events"."state" in ('scheduled', 'cancelled')),
	CONSTRAINT "red_rain_events_qualification" CHECK ("red_rain_events"."qualification" in ('none', 'deposit', 'turnover')),
	CONSTRAINT "red_rain_events_times" CHECK ("red_rain_events"."starts_at" < "red_rain_events"."ends_at" and "red_rain_events"."qualify_from" <= "red_rain_events"."starts_at"),
	CONSTRAINT "red_rain_events_split" CHECK ("red_rain_events"."min_amount" >= 1 and "red_rain_events"."min_amount" <= "red_rain_events"."max_amount" and "red_rain_events"."envelope_count" >= 1
        and "red_rain_events"."min_amount" * "red_rain_events"."envelope_count" <= "red_rain_events"."budget" and "red_rain_events"."max_amount" * "red_rain_events"."envelope_count" >= "red_rain_events"."budget")
);
--> statement-breakpoint
CREATE TABLE "red_rain_takers" (
	"event_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"grabs" integer NOT NULL,
	"caught" bigint NOT NULL,
	CONSTRAINT "red_rain_takers_event_id_member_id_pk" PRIMARY KEY("event_id","member_id"),
	CONSTRAINT "red_rain_takers_grabs" CHECK ("red_rain_takers"."grabs" >= 1)
);
--> statement-breakpoint
ALTER TABLE "leaderboard_periods" ADD CONSTRAINT "leaderboard_periods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_period_id_leaderboard_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."leaderboard_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_prizes" ADD CONSTRAINT "leaderboard_prizes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_standings" ADD CONSTRAINT "leaderboard_standings_period_id_leaderboard_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."leaderboard_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_standings" ADD CONSTRAINT "leaderboard_standings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_rain_envelopes" ADD CONSTRAINT "red_rain_envelopes_event_id_red_rain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."red_rain_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_rain_envelopes" ADD CONSTRAINT "red_rain_envelopes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_rain_events" ADD CONSTRAINT "red_rain_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_rain_takers" ADD CONSTRAINT "red_rain_takers_event_id_red_rain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."red_rain_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_rain_takers" ADD CONSTRAINT "red_rain_takers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_periods_merchant" ON "leaderboard_periods" USING btree ("merchant_id","state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_prizes_period_member" ON "leaderboard_prizes" USING btree ("period_id","member_id");--> statement-breakpoint
CREATE INDEX "leaderboard_standings_rank" ON "leaderboard_standings" USING btree ("period_id","rank");--> statement-breakpoint
CREATE INDEX "red_rain_envelopes_free" ON "red_rain_envelopes" USING btree ("event_id","id") WHERE "red_rain_envelopes"."member_id" is null;--> statement-breakpoint
CREATE INDEX "red_rain_envelopes_taken" ON "red_rain_envelopes" USING btree ("event_id","member_id") WHERE "red_rain_envelopes"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "red_rain_events_merchant" ON "red_rain_events" USING btree ("merchant_id","ends_at");--> statement-breakpoint
CREATE INDEX "red_rain_takers_member" ON "red_rain_takers" USING btree ("member_id","event_id");