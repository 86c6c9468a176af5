CREATE TABLE "application_phase_stays" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"phase_id" integer,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_phase_stays" ADD CONSTRAINT "application_phase_stays_event_id_application_phase_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."application_phase_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_phase_stays" ADD CONSTRAINT "application_phase_stays_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_phase_stays" ADD CONSTRAINT "application_phase_stays_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_phase_stays_application_idx" ON "application_phase_stays" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_phase_stays_open_idx" ON "application_phase_stays" USING btree ("application_id") WHERE "application_phase_stays"."left_at" is null;--> statement-breakpoint
-- Stays follow the events: whenever events of an application are recorded, changed or removed,
-- its stays are worked out again from all its events (a handful each), in the same transaction.
CREATE FUNCTION "application_phase_stays_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "application_phase_stays" s
    USING (SELECT DISTINCT "application_id" FROM "changed") c
    WHERE s."application_id" = c."application_id";
  INSERT INTO "application_phase_stays" ("event_id", "application_id", "phase_id", "entered_at", "left_at")
  SELECT e."id", e."application_id", e."phase_id", e."created_at", e."left_at"
  FROM (
    SELECT ev."id", ev."application_id", ev."kind", ev."phase_id", ev."created_at",
           lead(ev."created_at") OVER (PARTITION BY ev."application_id" ORDER BY ev."created_at", ev."id") AS "left_at"
    FROM "application_phase_events" ev
    WHERE ev."application_id" IN (SELECT "application_id" FROM "changed")
  ) e
  WHERE e."kind" IN ('applied', 'moved')
  -- Two writers of one application's events both lock the application first; should they not,
  -- the later one's stays win instead of failing.
  ON CONFLICT ("event_id") DO UPDATE SET "application_id" = excluded."application_id",
    "phase_id" = excluded."phase_id", "entered_at" = excluded."entered_at", "left_at" = excluded."left_at";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "application_phase_stays_after_insert" AFTER INSERT ON "application_phase_events"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "application_phase_stays_follow_events"();
--> statement-breakpoint
CREATE TRIGGER "application_phase_stays_after_update" AFTER UPDATE ON "application_phase_events"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "application_phase_stays_follow_events"();
--> statement-breakpoint
CREATE TRIGGER "application_phase_stays_after_delete" AFTER DELETE ON "application_phase_events"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "application_phase_stays_follow_events"();
--> statement-breakpoint
INSERT INTO "application_phase_stays" ("event_id", "application_id", "phase_id", "entered_at", "left_at")
SELECT e."id", e."application_id", e."phase_id", e."created_at", e."left_at"
FROM (
  SELECT ev."id", ev."application_id", ev."kind", ev."phase_id", ev."created_at",
         lead(ev."created_at") OVER (PARTITION BY ev."application_id" ORDER BY ev."created_at", ev."id") AS "left_at"
  FROM "application_phase_events" ev
) e
WHERE e."kind" IN ('applied', 'moved');
