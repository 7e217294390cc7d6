ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_merchant_id_merchants_id_fk";
