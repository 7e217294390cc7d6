-- The journal's set-wise guards (migrations 0014 and 0018) check a statement's ids with `= ANY(array)`.
-- PL/pgSQL keeps one plan per session: a generic plan made while the journal was small is a
-- sequential scan comparing every row with every id of the array (no hashing for a parameter), which
-- a grown journal turned into 1.3–1.6 s for a 5,000-entry bulk instead of 0.15 s, depending only on
-- what the journal held when the connection first posted. Planned for each statement with its array
-- (a custom plan), the check is an index lookup or a hashed filter, whatever the journal's size.
ALTER FUNCTION "journal_lines_references_exist"() SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
ALTER FUNCTION "journal_entries_merchants_exist"() SET plan_cache_mode = force_custom_plan;
