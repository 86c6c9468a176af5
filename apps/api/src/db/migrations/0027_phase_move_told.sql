ALTER TABLE "applications" ADD COLUMN "told_phase_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_told_phase_id_phases_id_fk" FOREIGN KEY ("told_phase_id") REFERENCES "public"."phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Until now every move was e-mailed at once: each candidate was last told of the phase they are in.
UPDATE "applications" SET "told_phase_id" = "phase_id" WHERE "phase_id" IS NOT NULL;
