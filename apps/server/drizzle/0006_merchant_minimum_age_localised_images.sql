-- A picture per language: the banners we make carry their words, so each language has its own file.
-- Rows that point at one of those banners get both languages' files; any other picture stays the
-- one picture for every language.
ALTER TABLE "announcements" ALTER COLUMN "image_url" SET DATA TYPE jsonb USING (
  CASE
    WHEN "image_url" IS NULL THEN NULL
    WHEN "image_url" ~ '^/media/banners/[a-z0-9-]+\.svg$' THEN jsonb_build_object(
      'TY', regexp_replace("image_url", '^/media/banners/', '/media/banners/ty/'),
      'EN', regexp_replace("image_url", '^/media/banners/', '/media/banners/en/'))
    ELSE jsonb_build_object('TY', "image_url", 'EN', "image_url")
  END
);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "minimum_age" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_minimum_age_adult" CHECK ("merchants"."minimum_age" between 18 and 99);
