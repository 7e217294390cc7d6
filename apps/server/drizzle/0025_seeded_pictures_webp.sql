-- Our seeded banners, logo and app icon are now served as WebP (drawn from the SVGs beside them by
-- `npm run media`): an installation made before points its seeded rows at the new files. Pictures an
-- operator set are left as they are.
UPDATE "announcements" SET "image_url" = (
  SELECT jsonb_object_agg("language", regexp_replace("url", '\.svg$', '.webp'))
  FROM jsonb_each_text("image_url") AS "picture"("language", "url")
)
WHERE "seed_key" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_each_text("image_url") AS "picture"("language", "url")
    WHERE "url" !~ '^/media/banners/(ty|en)/[a-z0-9-]+\.svg$'
  );--> statement-breakpoint
UPDATE "merchants" SET "logo_url" = '/media/brand/logo.webp' WHERE "logo_url" = '/media/brand/logo.svg';--> statement-breakpoint
UPDATE "merchants" SET "downloads" = (
  SELECT jsonb_agg(
    CASE WHEN "download"->>'url' = '/media/brand/app-icon.svg'
      THEN jsonb_set("download", '{url}', '"/media/brand/app-icon.webp"')
      ELSE "download" END
    ORDER BY "position")
  FROM jsonb_array_elements("downloads") WITH ORDINALITY AS "item"("download", "position")
)
WHERE "downloads" @> '[{"url": "/media/brand/app-icon.svg"}]';
