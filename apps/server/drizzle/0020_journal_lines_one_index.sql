-- Journal lines keep one index, their key (account, id), which every reader reads them by (see the
-- comment on journalLines in modules/wallet/schema.ts): the key on id alone and the index on
-- (account, id) become that one key, and the index on entry, which no reader uses, goes.
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_pkey";--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_pkey" PRIMARY KEY("account_id","id");--> statement-breakpoint
DROP INDEX "journal_lines_account";--> statement-breakpoint
DROP INDEX "journal_lines_entry";
