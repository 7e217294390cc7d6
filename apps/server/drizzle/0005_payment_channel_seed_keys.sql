-- The seed recognised its channels by (method, name), so a channel the operator renamed came back
-- as a second one on the next start. A seed key identifies them instead, and names become free.
DROP INDEX "payment_channels_merchant_method_name";--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "seed_key" text;--> statement-breakpoint
-- Back-fill: the seed wrote one channel per method for the demo merchant; the oldest channel of each
-- method is that one (renamed or not), and its key is the method in the seed's spelling (GCASH ->
-- gcash, ONLINE_BANKING -> online-banking). A duplicate an earlier restart added keeps no key.
UPDATE "payment_channels" SET "seed_key" = lower(replace("method", '_', '-'))
WHERE "id" IN (
	SELECT min("id") FROM "payment_channels"
	WHERE "merchant_id" = (SELECT "id" FROM "merchants" WHERE "code" = 'PALARO')
	GROUP BY "method"
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_seed_key" ON "payment_channels" USING btree ("merchant_id","seed_key");
