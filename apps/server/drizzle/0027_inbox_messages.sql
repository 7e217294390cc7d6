CREATE TABLE "inbox_message_states" (
	"member_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "inbox_message_states_member_id_message_id_pk" PRIMARY KEY("member_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"audience" text NOT NULL,
	"member_id" bigint,
	"vip_level" integer,
	"member_type" integer,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" jsonb,
	"body" jsonb,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_audience" CHECK ((audience = 'member') = (member_id is not null)
        and (audience = 'vip') = (vip_level is not null)
        and (audience = 'member_type') = (member_type is not null)),
	CONSTRAINT "inbox_messages_written" CHECK ((kind = 'operator') = (title is not null and body is not null))
);
--> statement-breakpoint
ALTER TABLE "inbox_message_states" ADD CONSTRAINT "inbox_message_states_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message_states" ADD CONSTRAINT "inbox_message_states_message_id_inbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message_states" ADD CONSTRAINT "inbox_message_states_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_member" ON "inbox_messages" USING btree ("merchant_id","member_id","id") WHERE member_id is not null;--> statement-breakpoint
CREATE INDEX "inbox_messages_broadcast" ON "inbox_messages" USING btree ("merchant_id","id") WHERE member_id is null;