CREATE TABLE "organization_applicants" (
	"organization_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	CONSTRAINT "organization_applicants_organization_id_candidate_id_pk" PRIMARY KEY("organization_id","candidate_id")
);
--> statement-breakpoint
ALTER TABLE "organization_applicants" ADD CONSTRAINT "organization_applicants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_applicants" ADD CONSTRAINT "organization_applicants_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_applicants_candidate_idx" ON "organization_applicants" USING btree ("candidate_id");--> statement-breakpoint
-- The list follows the applications: whenever applications are added or removed, or change
-- candidate or opportunity, the rows of their candidates are worked out again from all their
-- applications (a handful each), in the same transaction. By candidate, not by the changed
-- (organization, candidate) pairs: applications removed with their opportunity no longer lead
-- to its organization, and their candidates' rows are still worked out right. Of two writers for
-- one candidate, the later waits on the earlier's rows and re-inserts what the earlier committed
-- without failing.
CREATE FUNCTION "organization_applicants_follow_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidates integer[];
BEGIN
  IF TG_TABLE_NAME = 'opportunities' THEN
    SELECT array_agg(DISTINCT a."candidate_id") INTO candidates
      FROM "applications" a WHERE a."opportunity_id" = NEW."id";
  ELSIF TG_LEVEL = 'ROW' THEN
    candidates := ARRAY[OLD."candidate_id", NEW."candidate_id"];
  ELSE
    SELECT array_agg(DISTINCT "candidate_id") INTO candidates FROM "changed";
  END IF;
  IF candidates IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM "organization_applicants" WHERE "candidate_id" = ANY (candidates);
  INSERT INTO "organization_applicants" ("organization_id", "candidate_id")
  SELECT DISTINCT o."organization_id", a."candidate_id"
  FROM "applications" a
  JOIN "opportunities" o ON o."id" = a."opportunity_id"
  WHERE a."candidate_id" = ANY (candidates)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organization_applicants_after_application_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "organization_applicants_follow_applications"();
--> statement-breakpoint
-- A user's deletion removes their applications too; nothing of theirs is inserted again.
CREATE TRIGGER "organization_applicants_after_application_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "organization_applicants_follow_applications"();
--> statement-breakpoint
-- Applications change status, phase and completion often; only a change of candidate or
-- opportunity can move the list, so only such a row calls the function.
CREATE TRIGGER "organization_applicants_after_application_update"
  AFTER UPDATE OF "candidate_id", "opportunity_id" ON "applications"
  FOR EACH ROW WHEN (OLD."candidate_id" IS DISTINCT FROM NEW."candidate_id"
    OR OLD."opportunity_id" IS DISTINCT FROM NEW."opportunity_id")
  EXECUTE FUNCTION "organization_applicants_follow_applications"();
--> statement-breakpoint
-- Should an opportunity ever pass to another organization, its applicants' rows are worked out
-- again.
CREATE TRIGGER "organization_applicants_after_opportunity_update"
  AFTER UPDATE OF "organization_id" ON "opportunities"
  FOR EACH ROW WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "organization_applicants_follow_applications"();
--> statement-breakpoint
INSERT INTO "organization_applicants" ("organization_id", "candidate_id")
SELECT DISTINCT o."organization_id", a."candidate_id"
FROM "applications" a
JOIN "opportunities" o ON o."id" = a."opportunity_id";
