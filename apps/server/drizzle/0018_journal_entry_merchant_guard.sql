ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_merchant_id_merchants_id_fk";
--> statement-breakpoint
-- The guard that replaces journal_entries' foreign key to merchants (see the comment on
-- journalEntries.merchantId in modules/wallet/schema.ts): set-wise, once per insert statement.
CREATE FUNCTION "journal_entries_merchants_exist"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "named" integer[];
BEGIN
  SELECT array_agg(DISTINCT "merchant_id") INTO "named" FROM "added";
  IF (SELECT count(*) FROM (SELECT 1 FROM "merchants" WHERE "id" = ANY("named") FOR KEY SHARE) AS "locked") <> cardinality("named") THEN
    RAISE EXCEPTION 'a journal entry names a merchant that does not exist' USING ERRCODE = 'foreign_key_violation', TABLE = 'journal_entries';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_merchants_exist" AFTER INSERT ON "journal_entries" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "journal_entries_merchants_exist"();--> statement-breakpoint
CREATE FUNCTION "merchant_without_journal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT 1 FROM "journal_entries") THEN
      RAISE EXCEPTION 'merchants named by journal entries cannot be removed' USING ERRCODE = 'foreign_key_violation', TABLE = 'merchants';
    END IF;
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM "journal_entries" WHERE "merchant_id" = OLD."id") THEN
    RAISE EXCEPTION 'merchant % is named by journal entries and cannot be removed', OLD."id" USING ERRCODE = 'foreign_key_violation', TABLE = 'merchants';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchants_without_journal_on_delete" BEFORE DELETE ON "merchants" FOR EACH ROW EXECUTE FUNCTION "merchant_without_journal"();--> statement-breakpoint
CREATE TRIGGER "merchants_without_journal_on_truncate" BEFORE TRUNCATE ON "merchants" FOR EACH STATEMENT EXECUTE FUNCTION "merchant_without_journal"();
