CREATE TABLE "game_favourites" (
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favourites_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_recents" (
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_recents_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"cockfight_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_type_name" text NOT NULL,
	"primary_colour" text NOT NULL,
	"accent_colour" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"min_bet" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_vendors_min_bet_positive" CHECK ("game_vendors"."min_bet" > 0)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"classifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_bet" bigint NOT NULL,
	"lines" integer,
	"support_play" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_category_known" CHECK ("games"."category" in ('SPORTS', 'ESPORTS', 'LIVE', 'FISH', 'RNG', 'COCKFIGHT', 'PVP', 'INHOUSE', 'ELOTT', 'LOTT')),
	CONSTRAINT "games_min_bet_positive" CHECK ("games"."min_bet" > 0)
);
--> statement-breakpoint
CREATE TABLE "hot_matches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hot_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"room_id" text NOT NULL,
	"league" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"kick_off_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"rolls_forward" boolean DEFAULT false NOT NULL,
	"seed_key" text
);
--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recents" ADD CONSTRAINT "game_recents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recents" ADD CONSTRAINT "game_recents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recents" ADD CONSTRAINT "game_recents_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_settings" ADD CONSTRAINT "game_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_vendors" ADD CONSTRAINT "game_vendors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_id_game_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."game_vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hot_matches" ADD CONSTRAINT "hot_matches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hot_matches" ADD CONSTRAINT "hot_matches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_favourites_newest" ON "game_favourites" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_recents_latest" ON "game_recents" USING btree ("member_id","last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_vendors_code" ON "game_vendors" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "games_code" ON "games" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "games_listing" ON "games" USING btree ("merchant_id","category","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_by_vendor" ON "games" USING btree ("vendor_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "games_name_prefix" ON "games" USING btree ("merchant_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "hot_matches_seed_key" ON "hot_matches" USING btree ("merchant_id","seed_key");--> statement-breakpoint
CREATE INDEX "hot_matches_listing" ON "hot_matches" USING btree ("merchant_id","kick_off_at");--> statement-breakpoint
CREATE INDEX "hot_matches_rolling" ON "hot_matches" USING btree ("kick_off_at") WHERE "hot_matches"."rolls_forward";