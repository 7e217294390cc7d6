CREATE TABLE "inhouse_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inhouse_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"player_id" text NOT NULL,
	"game_code" text NOT NULL,
	"session_id" bigint NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"currency" text NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"mines" integer,
	"mine_cells" integer[],
	"revealed" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"outcome" jsonb,
	"status" text NOT NULL,
	"settlement" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "inhouse_rounds_kind" CHECK ("inhouse_rounds"."kind" in ('slot', 'mines')),
	CONSTRAINT "inhouse_rounds_status" CHECK ("inhouse_rounds"."status" in ('pending', 'settled', 'refused', 'starting', 'open', 'cashed_out', 'lost', 'refunded')),
	CONSTRAINT "inhouse_rounds_settlement" CHECK ("inhouse_rounds"."settlement" in ('pending', 'settled')),
	CONSTRAINT "inhouse_rounds_amounts" CHECK ("inhouse_rounds"."bet" > 0 and "inhouse_rounds"."win" >= 0),
	CONSTRAINT "inhouse_rounds_mines" CHECK (("inhouse_rounds"."kind" = 'mines') = ("inhouse_rounds"."mines" is not null and "inhouse_rounds"."mine_cells" is not null))
);
--> statement-breakpoint
CREATE TABLE "inhouse_seeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inhouse_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" text NOT NULL,
	"game_code" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "inhouse_seeds_nonce" CHECK ("inhouse_seeds"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inhouse_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inhouse_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"player_id" text NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"launch_token" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inhouse_rounds" ADD CONSTRAINT "inhouse_rounds_session_id_inhouse_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inhouse_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inhouse_rounds" ADD CONSTRAINT "inhouse_rounds_seed_id_inhouse_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."inhouse_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_nonce" ON "inhouse_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_in_play" ON "inhouse_rounds" USING btree ("player_id","game_code") WHERE "inhouse_rounds"."status" in ('starting', 'open');--> statement-breakpoint
CREATE INDEX "inhouse_rounds_player" ON "inhouse_rounds" USING btree ("player_id","game_code","id");--> statement-breakpoint
CREATE INDEX "inhouse_rounds_unsettled" ON "inhouse_rounds" USING btree ("id") WHERE "inhouse_rounds"."settlement" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_seeds_active" ON "inhouse_seeds" USING btree ("player_id","game_code") WHERE "inhouse_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "inhouse_seeds_player" ON "inhouse_seeds" USING btree ("player_id","game_code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_sessions_token" ON "inhouse_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "inhouse_sessions_expiry" ON "inhouse_sessions" USING btree ("expires_at");