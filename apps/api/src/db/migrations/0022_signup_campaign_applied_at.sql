DROP INDEX "users_signup_campaign_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_campaign_applied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_signup_campaign_idx" ON "users" USING btree ("signup_campaign_id","role","created_at","signup_campaign_applied_at") WHERE "users"."signup_campaign_id" is not null;--> statement-breakpoint
-- When a user first applied where the campaign they signed up through leads: the earliest of their
-- applications to the campaign's opportunity, or, for an organization's campaign (no
-- opportunity), to any opportunity of the campaign's organization. Null without a campaign or
-- without such an application. The one statement of the rule; the triggers below keep
-- users.signup_campaign_applied_at equal to it.
CREATE FUNCTION "campaign_first_application_at"("for_user" integer, "for_campaign" integer)
RETURNS timestamp with time zone LANGUAGE sql STABLE AS $$
  SELECT min(a."created_at")
  FROM "campaigns" c
  JOIN "applications" a ON a."candidate_id" = "for_user"
  JOIN "opportunities" o ON o."id" = a."opportunity_id"
  WHERE c."id" = "for_campaign"
    AND (a."opportunity_id" = c."opportunity_id"
      OR (c."opportunity_id" IS NULL AND o."organization_id" = c."organization_id"))
$$;
--> statement-breakpoint
-- The column follows the user's applications: whenever applications are added or removed, or
-- change candidate, opportunity or date, it is worked out again for their candidates who signed
-- up through a campaign, in the same transaction. The users are locked before the applications
-- are read, so of two writers for one candidate the later reads what the earlier committed.
CREATE FUNCTION "signup_campaign_applied_at_follow_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidates integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    candidates := ARRAY[OLD."candidate_id", NEW."candidate_id"];
  ELSE
    SELECT array_agg(DISTINCT "candidate_id") INTO candidates FROM "changed";
  END IF;
  PERFORM 1 FROM "users"
    WHERE "id" = ANY (candidates) AND "signup_campaign_id" IS NOT NULL
    ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "users" u
    SET "signup_campaign_applied_at" = "campaign_first_application_at"(u."id", u."signup_campaign_id")
    WHERE u."id" = ANY (candidates) AND u."signup_campaign_id" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signup_campaign_applied_at_after_application_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "signup_campaign_applied_at_follow_applications"();
--> statement-breakpoint
-- A user's deletion removes their applications too; the user is gone by then and nothing is updated.
CREATE TRIGGER "signup_campaign_applied_at_after_application_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "signup_campaign_applied_at_follow_applications"();
--> statement-breakpoint
-- Applications change status, phase and completion often; only a change of candidate,
-- opportunity or date can move the column, so only such a row calls the function.
CREATE TRIGGER "signup_campaign_applied_at_after_application_update"
  AFTER UPDATE OF "candidate_id", "opportunity_id", "created_at" ON "applications"
  FOR EACH ROW WHEN (OLD."candidate_id" IS DISTINCT FROM NEW."candidate_id"
    OR OLD."opportunity_id" IS DISTINCT FROM NEW."opportunity_id"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "signup_campaign_applied_at_follow_applications"();
--> statement-breakpoint
-- The column follows the user's campaign: set when the user is written with a campaign (a
-- social sign-in attaches one to an existing user later), cleared when the campaign goes (its
-- deletion sets the campaign to null, which passes here too). Whatever else is written to the
-- column on these writes is replaced.
CREATE FUNCTION "signup_campaign_applied_at_follow_sign_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A user being added has no applications yet (they refer to the user).
    NEW."signup_campaign_applied_at" := NULL;
  ELSE
    NEW."signup_campaign_applied_at" := "campaign_first_application_at"(NEW."id", NEW."signup_campaign_id");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signup_campaign_applied_at_before_user_insert"
  BEFORE INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "signup_campaign_applied_at_follow_sign_up"();
--> statement-breakpoint
CREATE TRIGGER "signup_campaign_applied_at_before_user_update"
  BEFORE UPDATE OF "signup_campaign_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "signup_campaign_applied_at_follow_sign_up"();
--> statement-breakpoint
-- The column follows where a campaign leads: a campaign moved to another opportunity, or to the
-- whole organization, has its sign-ups' column worked out again.
CREATE FUNCTION "signup_campaign_applied_at_follow_campaign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u
    SET "signup_campaign_applied_at" = "campaign_first_application_at"(u."id", u."signup_campaign_id")
    WHERE u."signup_campaign_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signup_campaign_applied_at_after_campaign_update"
  AFTER UPDATE OF "opportunity_id", "organization_id" ON "campaigns"
  FOR EACH ROW WHEN (OLD."opportunity_id" IS DISTINCT FROM NEW."opportunity_id"
    OR OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "signup_campaign_applied_at_follow_campaign"();
--> statement-breakpoint
-- Should an opportunity ever pass to another organization, its applicants' column is worked out
-- again (their organization campaigns' rule depends on it).
CREATE FUNCTION "signup_campaign_applied_at_follow_opportunity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u
    SET "signup_campaign_applied_at" = "campaign_first_application_at"(u."id", u."signup_campaign_id")
    WHERE u."signup_campaign_id" IS NOT NULL
      AND u."id" IN (SELECT a."candidate_id" FROM "applications" a WHERE a."opportunity_id" = NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signup_campaign_applied_at_after_opportunity_update"
  AFTER UPDATE OF "organization_id" ON "opportunities"
  FOR EACH ROW WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "signup_campaign_applied_at_follow_opportunity"();
--> statement-breakpoint
UPDATE "users"
  SET "signup_campaign_applied_at" = "campaign_first_application_at"("id", "signup_campaign_id")
  WHERE "signup_campaign_id" IS NOT NULL;
