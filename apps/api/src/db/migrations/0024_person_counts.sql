CREATE TABLE "candidate_person_keys" (
	"candidate_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "candidate_person_keys_candidate_id_dimension_key_pk" PRIMARY KEY("candidate_id","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "organization_person_counts" (
	"organization_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "organization_person_counts_organization_id_dimension_key_pk" PRIMARY KEY("organization_id","dimension","key"),
	CONSTRAINT "organization_person_counts_people_nonnegative" CHECK ("organization_person_counts"."people" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organization_person_counts" ADD CONSTRAINT "organization_person_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The groups of the person each candidate falls in, one row per dimension and key: the one
-- statement of the rule; the triggers below keep candidate_person_keys equal to it for every
-- candidate on organization_applicants, and organization_person_counts equal to the sum of the
-- keys of each organization's applicants. A candidate without a profile is "not stated" in
-- everything and has no qualification.
CREATE FUNCTION "person_keys"("candidates" integer[])
RETURNS TABLE ("candidate_id" integer, "dimension" text, "key" text) LANGUAGE sql STABLE AS $$
  SELECT c."id", k."dimension", k."key"
  FROM unnest("candidates") c("id")
  LEFT JOIN "candidate_profiles" p ON p."user_id" = c."id"
  CROSS JOIN LATERAL (VALUES
    ('gender', coalesce(p."gender"::text, 'not_stated')),
    ('ethnicity', coalesce(p."ethnicity"::text, 'not_stated')),
    ('disability', CASE p."disability" WHEN true THEN 'yes' WHEN false THEN 'no' ELSE 'not_stated' END),
    ('grid', CASE WHEN p."grid_latitude" IS NOT NULL AND p."grid_longitude" IS NOT NULL
                  THEN p."grid_latitude"::text || ',' || p."grid_longitude"::text ELSE 'none' END)
  ) k("dimension", "key")
  UNION
  SELECT c."id", d."dimension", coalesce(q."key", '0')
  FROM unnest("candidates") c("id")
  LEFT JOIN "candidate_profiles" p ON p."user_id" = c."id"
  CROSS JOIN (VALUES ('institution'), ('qualificationType')) d("dimension")
  LEFT JOIN LATERAL (
    SELECT DISTINCT (CASE d."dimension" WHEN 'institution' THEN coalesce(q."institution_id", -1)
                     ELSE coalesce(q."qualification_type_id", -1) END)::text AS "key"
    FROM "profile_qualifications" q WHERE q."profile_id" = p."id"
  ) q ON true
$$;
--> statement-breakpoint
-- Adds to the organizations' counts (a negative number takes away), row by row in one order
-- (organization, dimension, key) so that two writers lock the rows alike, and removes the groups
-- left empty. A count taken away from a group that has no row (its organization is being
-- deleted) changes nothing.
CREATE FUNCTION "organization_person_counts_add"(
  "organizations" integer[], "dimensions" text[], "keys" text[], "changes" integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT u.o, u.dim, u.k, sum(u.n)::integer AS n
    FROM unnest("organizations", "dimensions", "keys", "changes") u(o, dim, k, n)
    GROUP BY 1, 2, 3 HAVING sum(u.n) <> 0
    ORDER BY 1, 2, 3
  LOOP
    IF r.n > 0 THEN
      INSERT INTO "organization_person_counts" AS c ("organization_id", "dimension", "key", "people")
      VALUES (r.o, r.dim, r.k, r.n)
      ON CONFLICT ("organization_id", "dimension", "key")
        DO UPDATE SET "people" = c."people" + excluded."people";
    ELSE
      UPDATE "organization_person_counts" c SET "people" = c."people" + r.n
      WHERE c."organization_id" = r.o AND c."dimension" = r.dim AND c."key" = r.k;
    END IF;
  END LOOP;
  DELETE FROM "organization_person_counts" c
  USING unnest("organizations", "dimensions", "keys") u(o, dim, k)
  WHERE c."organization_id" = u.o AND c."dimension" = u.dim AND c."key" = u.k AND c."people" = 0;
END
$$;
--> statement-breakpoint
-- A candidate's keys are worked out again (after a change of profile or qualifications) for
-- those on the list; each organization they apply to gains the groups they enter and loses
-- those they leave. The users are locked first, so of two writers for one candidate the later
-- reads what the earlier committed.
CREATE FUNCTION "person_counts_refresh"("candidates" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  listed integer[];
  cs integer[];
  dims text[];
  ks text[];
  changes integer[];
  o integer[];
  dim text[];
  k text[];
  n integer[];
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = ANY ("candidates") ORDER BY "id" FOR NO KEY UPDATE;
  SELECT array_agg(DISTINCT a."candidate_id") INTO listed
    FROM "organization_applicants" a WHERE a."candidate_id" = ANY ("candidates");
  IF listed IS NULL THEN
    RETURN;
  END IF;
  -- The keys left (-1) and entered (+1).
  SELECT array_agg(x."candidate_id"), array_agg(x."dimension"), array_agg(x."key"), array_agg(x."change")
    INTO cs, dims, ks, changes
  FROM (
    SELECT y.*, -1 AS "change" FROM (
      SELECT s."candidate_id", s."dimension", s."key" FROM "candidate_person_keys" s
      WHERE s."candidate_id" = ANY (listed)
      EXCEPT SELECT * FROM "person_keys"(listed)) y
    UNION ALL
    SELECT y.*, 1 FROM (
      SELECT * FROM "person_keys"(listed)
      EXCEPT SELECT s."candidate_id", s."dimension", s."key" FROM "candidate_person_keys" s
      WHERE s."candidate_id" = ANY (listed)) y
  ) x;
  IF cs IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM "candidate_person_keys" s USING unnest(cs, dims, ks, changes) c(cid, d, kk, ch)
    WHERE c.ch = -1 AND s."candidate_id" = c.cid AND s."dimension" = c.d AND s."key" = c.kk;
  INSERT INTO "candidate_person_keys" ("candidate_id", "dimension", "key")
    SELECT c.cid, c.d, c.kk FROM unnest(cs, dims, ks, changes) c(cid, d, kk, ch) WHERE c.ch = 1;
  SELECT array_agg(a."organization_id"), array_agg(c.d), array_agg(c.kk), array_agg(c.ch)
    INTO o, dim, k, n
    FROM unnest(cs, dims, ks, changes) c(cid, d, kk, ch)
    JOIN "organization_applicants" a ON a."candidate_id" = c.cid;
  IF o IS NOT NULL THEN
    PERFORM "organization_person_counts_add"(o, dim, k, n);
  END IF;
END
$$;
--> statement-breakpoint
-- The list gains or loses (organization, candidate) rows: the organization's counts gain or lose
-- the candidate's keys. A candidate new to the list has their keys worked out; one who leaves it
-- altogether has them removed.
CREATE FUNCTION "person_counts_follow_applicants"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidates integer[];
  o integer[];
  dim text[];
  k text[];
  n integer[];
BEGIN
  SELECT array_agg(DISTINCT "candidate_id") INTO candidates FROM "changed";
  IF candidates IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "users" WHERE "id" = ANY (candidates) ORDER BY "id" FOR NO KEY UPDATE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "candidate_person_keys" ("candidate_id", "dimension", "key")
    SELECT * FROM "person_keys"(ARRAY(
      SELECT c FROM unnest(candidates) c
      WHERE NOT EXISTS (SELECT 1 FROM "candidate_person_keys" s WHERE s."candidate_id" = c)))
    ON CONFLICT DO NOTHING;
  END IF;
  SELECT array_agg(x.o), array_agg(x.dim), array_agg(x.k), array_agg(x.n) INTO o, dim, k, n
  FROM (SELECT ch."organization_id" AS o, s."dimension" AS dim, s."key" AS k,
               (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*))::integer AS n
        FROM "changed" ch JOIN "candidate_person_keys" s ON s."candidate_id" = ch."candidate_id"
        GROUP BY 1, 2, 3) x;
  IF o IS NOT NULL THEN
    PERFORM "organization_person_counts_add"(o, dim, k, n);
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "candidate_person_keys" s
    WHERE s."candidate_id" = ANY (candidates)
      AND NOT EXISTS (SELECT 1 FROM "organization_applicants" a WHERE a."candidate_id" = s."candidate_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_counts_after_applicant_insert" AFTER INSERT ON "organization_applicants"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "person_counts_follow_applicants"();
--> statement-breakpoint
CREATE TRIGGER "person_counts_after_applicant_delete" AFTER DELETE ON "organization_applicants"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "person_counts_follow_applicants"();
--> statement-breakpoint
-- A profile or a qualification written: its candidates' keys are worked out again.
CREATE FUNCTION "person_counts_follow_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidates integer[];
BEGIN
  IF TG_TABLE_NAME = 'candidate_profiles' THEN
    IF TG_LEVEL = 'ROW' THEN
      candidates := ARRAY[OLD."user_id", NEW."user_id"];
    ELSE
      SELECT array_agg(DISTINCT "user_id") INTO candidates FROM "changed";
    END IF;
  ELSIF TG_LEVEL = 'ROW' THEN
    SELECT array_agg(DISTINCT p."user_id") INTO candidates
      FROM "candidate_profiles" p WHERE p."id" IN (OLD."profile_id", NEW."profile_id");
  ELSE
    SELECT array_agg(DISTINCT p."user_id") INTO candidates
      FROM "candidate_profiles" p WHERE p."id" IN (SELECT "profile_id" FROM "changed");
  END IF;
  IF candidates IS NOT NULL THEN
    PERFORM "person_counts_refresh"(candidates);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "person_counts_after_profile_insert" AFTER INSERT ON "candidate_profiles"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "person_counts_follow_profiles"();
--> statement-breakpoint
CREATE TRIGGER "person_counts_after_profile_delete" AFTER DELETE ON "candidate_profiles"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "person_counts_follow_profiles"();
--> statement-breakpoint
-- Profiles are saved often; only a change of what the keys read calls the function.
CREATE TRIGGER "person_counts_after_profile_update"
  AFTER UPDATE OF "user_id", "gender", "ethnicity", "disability", "latitude", "longitude" ON "candidate_profiles"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."gender" IS DISTINCT FROM NEW."gender"
    OR OLD."ethnicity" IS DISTINCT FROM NEW."ethnicity"
    OR OLD."disability" IS DISTINCT FROM NEW."disability"
    OR OLD."grid_latitude" IS DISTINCT FROM NEW."grid_latitude"
    OR OLD."grid_longitude" IS DISTINCT FROM NEW."grid_longitude")
  EXECUTE FUNCTION "person_counts_follow_profiles"();
--> statement-breakpoint
CREATE TRIGGER "person_counts_after_qualification_insert" AFTER INSERT ON "profile_qualifications"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "person_counts_follow_profiles"();
--> statement-breakpoint
-- A profile's deletion removes its qualifications too; its candidate is worked out again by the
-- profile's own trigger.
CREATE TRIGGER "person_counts_after_qualification_delete" AFTER DELETE ON "profile_qualifications"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "person_counts_follow_profiles"();
--> statement-breakpoint
CREATE TRIGGER "person_counts_after_qualification_update"
  AFTER UPDATE OF "profile_id", "institution_id", "qualification_type_id" ON "profile_qualifications"
  FOR EACH ROW WHEN (OLD."profile_id" IS DISTINCT FROM NEW."profile_id"
    OR OLD."institution_id" IS DISTINCT FROM NEW."institution_id"
    OR OLD."qualification_type_id" IS DISTINCT FROM NEW."qualification_type_id")
  EXECUTE FUNCTION "person_counts_follow_profiles"();
--> statement-breakpoint
-- The list of organization applicants is now kept by difference: a candidate's rows that no
-- longer apply are removed and the missing ones added, so an application to an organization the
-- candidate is already listed for writes nothing (and moves no count). The users are locked
-- first, so of two writers for one candidate the later reads what the earlier committed.
CREATE OR REPLACE FUNCTION "organization_applicants_follow_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM 1 FROM "users" WHERE "id" = ANY (candidates) ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "organization_applicants" l
  WHERE l."candidate_id" = ANY (candidates)
    AND NOT EXISTS (
      SELECT 1 FROM "applications" a JOIN "opportunities" o ON o."id" = a."opportunity_id"
      WHERE a."candidate_id" = l."candidate_id" AND o."organization_id" = l."organization_id");
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
INSERT INTO "candidate_person_keys" ("candidate_id", "dimension", "key")
SELECT * FROM "person_keys"(ARRAY(SELECT DISTINCT "candidate_id" FROM "organization_applicants"));
--> statement-breakpoint
INSERT INTO "organization_person_counts" ("organization_id", "dimension", "key", "people")
SELECT a."organization_id", s."dimension", s."key", count(*)
FROM "organization_applicants" a
JOIN "candidate_person_keys" s ON s."candidate_id" = a."candidate_id"
GROUP BY 1, 2, 3;
