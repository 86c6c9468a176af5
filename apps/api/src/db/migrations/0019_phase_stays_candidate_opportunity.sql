-- Each stay carries its application's candidate and opportunity, so time in phase reads the
-- stays alone instead of joining them to the applications on every call.
ALTER TABLE "application_phase_stays" ADD COLUMN "candidate_id" integer;--> statement-breakpoint
ALTER TABLE "application_phase_stays" ADD COLUMN "opportunity_id" integer;--> statement-breakpoint
UPDATE "application_phase_stays" s SET "candidate_id" = a."candidate_id", "opportunity_id" = a."opportunity_id"
  FROM "applications" a WHERE a."id" = s."application_id";--> statement-breakpoint
ALTER TABLE "application_phase_stays" ALTER COLUMN "candidate_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_phase_stays" ALTER COLUMN "opportunity_id" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_phase_stays_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "application_phase_stays" s
    USING (SELECT DISTINCT "application_id" FROM "changed") c
    WHERE s."application_id" = c."application_id";
  INSERT INTO "application_phase_stays" ("event_id", "application_id", "candidate_id", "opportunity_id", "phase_id", "entered_at", "left_at")
  SELECT e."id", e."application_id", a."candidate_id", a."opportunity_id", e."phase_id", e."created_at", e."left_at"
  FROM (
    SELECT ev."id", ev."application_id", ev."kind", ev."phase_id", ev."created_at",
           lead(ev."created_at") OVER (PARTITION BY ev."application_id" ORDER BY ev."created_at", ev."id") AS "left_at"
    FROM "application_phase_events" ev
    WHERE ev."application_id" IN (SELECT "application_id" FROM "changed")
  ) e
  JOIN "applications" a ON a."id" = e."application_id"
  WHERE e."kind" IN ('applied', 'moved')
  -- Two writers of one application's events both lock the application first; should they not,
  -- the later one's stays win instead of failing.
  ON CONFLICT ("event_id") DO UPDATE SET "application_id" = excluded."application_id",
    "candidate_id" = excluded."candidate_id", "opportunity_id" = excluded."opportunity_id",
    "phase_id" = excluded."phase_id", "entered_at" = excluded."entered_at", "left_at" = excluded."left_at";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Should an application ever be given to another candidate or opportunity, its stays follow.
CREATE FUNCTION "application_phase_stays_follow_application"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_phase_stays" SET "candidate_id" = NEW."candidate_id", "opportunity_id" = NEW."opportunity_id"
    WHERE "application_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "application_phase_stays_after_application_update"
  AFTER UPDATE OF "candidate_id", "opportunity_id" ON "applications"
  FOR EACH ROW WHEN (OLD."candidate_id" IS DISTINCT FROM NEW."candidate_id" OR OLD."opportunity_id" IS DISTINCT FROM NEW."opportunity_id")
  EXECUTE FUNCTION "application_phase_stays_follow_application"();
