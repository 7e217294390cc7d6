-- Every posting updates the balance of each account it names, and a merchant's house account is
-- named by nearly every bet, win and transfer. No index names `balance`, so with room left on the
-- page the new row version is written there (a HOT update) instead of a new entry in each of the
-- table's three indexes. Applies to pages written from now on; a VACUUM FULL applies it to old ones.
ALTER TABLE "ledger_accounts" SET (fillfactor = 70);
