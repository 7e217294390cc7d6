ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
-- The guards that replace journal_lines' two foreign keys (see the comment on journalLines in
-- modules/wallet/schema.ts): set-wise, once per insert statement, instead of a check and a lock per line.
CREATE FUNCTION "journal_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "journal_append_only"();--> statement-breakpoint
CREATE TRIGGER "journal_entries_no_truncate" BEFORE TRUNCATE ON "journal_entries" FOR EACH STATEMENT EXECUTE FUNCTION "journal_append_only"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_append_only" BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION "journal_append_only"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_no_truncate" BEFORE TRUNCATE ON "journal_lines" FOR EACH STATEMENT EXECUTE FUNCTION "journal_append_only"();--> statement-breakpoint
CREATE FUNCTION "journal_lines_references_exist"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "accounts" bigint[];
  "entries" bigint[];
BEGIN
  SELECT array_agg(DISTINCT "account_id"), array_agg(DISTINCT "entry_id") INTO "accounts", "entries" FROM "added";
  IF (SELECT count(*) FROM (SELECT 1 FROM "ledger_accounts" WHERE "id" = ANY("accounts") FOR KEY SHARE) AS "locked") <> cardinality("accounts") THEN
    RAISE EXCEPTION 'a journal line names a ledger account that does not exist' USING ERRCODE = 'foreign_key_violation', TABLE = 'journal_lines';
  END IF;
  IF (SELECT count(*) FROM "journal_entries" WHERE "id" = ANY("entries")) <> cardinality("entries") THEN
    RAISE EXCEPTION 'a journal line names a journal entry that does not exist' USING ERRCODE = 'foreign_key_violation', TABLE = 'journal_lines';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_references_exist" AFTER INSERT ON "journal_lines" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "journal_lines_references_exist"();--> statement-breakpoint
CREATE FUNCTION "ledger_account_unused"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT 1 FROM "journal_lines") THEN
      RAISE EXCEPTION 'ledger accounts named by journal lines cannot be removed' USING ERRCODE = 'foreign_key_violation', TABLE = 'ledger_accounts';
    END IF;
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM "journal_lines" WHERE "account_id" = OLD."id") THEN
    RAISE EXCEPTION 'ledger account % is named by journal lines and cannot be removed', OLD."id" USING ERRCODE = 'foreign_key_violation', TABLE = 'ledger_accounts';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_unused_on_delete" BEFORE DELETE ON "ledger_accounts" FOR EACH ROW EXECUTE FUNCTION "ledger_account_unused"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_unused_on_truncate" BEFORE TRUNCATE ON "ledger_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_account_unused"();
