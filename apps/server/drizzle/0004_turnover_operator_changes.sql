-- Existing requirements were never changed: what they require now is what they required at first.
ALTER TABLE "turnover_requirements" ADD COLUMN "original_required" bigint;--> statement-breakpoint
UPDATE "turnover_requirements" SET "original_required" = "required";--> statement-breakpoint
ALTER TABLE "turnover_requirements" ALTER COLUMN "original_required" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "change_kind" text;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "change_reason" text;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_done_within" CHECK ("turnover_requirements"."done" >= 0 and "turnover_requirements"."done" <= "turnover_requirements"."required");--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_change_kind_known" CHECK ("turnover_requirements"."change_kind" in ('waived', 'adjusted'));--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_change_complete" CHECK (("turnover_requirements"."change_kind" is null) = ("turnover_requirements"."change_reason" is null) and ("turnover_requirements"."change_kind" is null) = ("turnover_requirements"."changed_by" is null) and ("turnover_requirements"."change_kind" is null) = ("turnover_requirements"."changed_at" is null));