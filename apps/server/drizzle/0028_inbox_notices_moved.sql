-- The member notices recorded before the inbox become its system messages. None was ever read
-- (nothing showed them), so they all arrive unread.
INSERT INTO "inbox_messages" ("merchant_id", "audience", "member_id", "kind", "payload", "created_at")
SELECT "merchant_id", 'member', "member_id", "kind", "payload", "created_at"
FROM "member_notifications" ORDER BY "id";
