ALTER TABLE "flags" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "flags" ADD COLUMN "section_digest" text;