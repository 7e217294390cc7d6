CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_enqueued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_key" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_known" CHECK ("jobs"."state" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_in_range" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1),
	CONSTRAINT "jobs_running_has_lease" CHECK ("jobs"."state" <> 'running' or ("jobs"."locked_by" is not null and "jobs"."locked_until" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_unique_key" ON "jobs" USING btree ("name","unique_key");--> statement-breakpoint
CREATE INDEX "jobs_state_run_at" ON "jobs" USING btree ("state","run_at");