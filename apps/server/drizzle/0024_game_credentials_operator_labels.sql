CREATE TABLE "game_provider_players" (
	"provider_id" integer NOT NULL,
	"player_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_provider_players_provider_id_player_id_pk" PRIMARY KEY("provider_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "game_launch_tokens" ADD COLUMN "member_session_id" bigint;--> statement-breakpoint
-- Operators made before labels existed are named by their order of creation.
ALTER TABLE "operator_credentials" ADD COLUMN "label" text;--> statement-breakpoint
UPDATE "operator_credentials" SET "label" = 'Operator ' || "id";--> statement-breakpoint
ALTER TABLE "operator_credentials" ALTER COLUMN "label" SET NOT NULL;--> statement-breakpoint
-- The in-house games' launch carries the token in the URL fragment from now on (never sent to a server, so never logged).
UPDATE "game_providers" SET "launch_url_template" = '/m/play/{gameCode}#token={token}&back={back}'
  WHERE "vendor_code" = 'PLR' AND "launch_url_template" = '/m/play/{gameCode}?token={token}&back={back}';--> statement-breakpoint
ALTER TABLE "game_provider_players" ADD CONSTRAINT "game_provider_players_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_provider_players" ADD CONSTRAINT "game_provider_players_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_provider_players" ADD CONSTRAINT "game_provider_players_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_provider_players_member" ON "game_provider_players" USING btree ("provider_id","merchant_id","member_id");--> statement-breakpoint
CREATE INDEX "game_launch_tokens_member" ON "game_launch_tokens" USING btree ("provider_id","member_id","expires_at");--> statement-breakpoint
-- Players who already played get their random id now, so reconciliation names every transaction (a UUID v4's 122 random bits, base64url).
INSERT INTO "game_provider_players" ("provider_id", "player_id", "merchant_id", "member_id")
  SELECT "provider_id", translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_'), "merchant_id", "member_id"
  FROM (SELECT DISTINCT "provider_id", "merchant_id", "member_id" FROM "game_transactions") AS "played";
