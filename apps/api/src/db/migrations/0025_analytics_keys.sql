-- Cell-key perturbation. Every candidate has an analytics key from 0 to 255: a hash of their id
-- seeded with a secret drawn once here (`analytics_settings.key_seed`), worked out where it is
-- needed and never stored or shown. A group's cell key is the sum of its people's keys modulo
-- 256. The organization's kept counts carry the sum of the keys of their people, kept by the
-- same triggers as the counts.
CREATE TABLE "analytics_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"key_seed" bigint NOT NULL,
	CONSTRAINT "analytics_settings_one_row" CHECK ("analytics_settings"."id")
);
--> statement-breakpoint
INSERT INTO "analytics_settings" ("id", "key_seed") VALUES (true, floor(random() * 9007199254740991)::bigint);
--> statement-breakpoint
-- A candidate's analytics key: the low 8 bits of the candidate id's hash under the seed (the hash
-- PostgreSQL keeps stable across versions for hash partitioning). Immutable and one expression,
-- so a statement inlines it and reads the seed once, as `analytics_key(id, (select key_seed
-- from analytics_settings))`.
CREATE FUNCTION "analytics_key"("candidate" integer, "seed" bigint) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashint8extended("candidate"::bigint, "seed") & 255)::integer
$$;
--> statement-breakpoint
ALTER TABLE "organization_person_counts" ADD COLUMN "key_sum" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "organization_person_counts" c SET "key_sum" = s."keys"
FROM (SELECT a."organization_id", k."dimension", k."key",
             sum("analytics_key"(a."candidate_id", (SELECT "key_seed" FROM "analytics_settings"))) AS "keys"
      FROM "organization_applicants" a
      JOIN "candidate_person_keys" k ON k."candidate_id" = a."candidate_id"
      GROUP BY 1, 2, 3) s
WHERE c."organization_id" = s."organization_id" AND c."dimension" = s."dimension" AND c."key" = s."key";
--> statement-breakpoint
-- Adds to the organizations' counts and key sums (a negative number takes away), row by row in
-- one order (organization, dimension, key) so that two writers lock the rows alike, and removes
-- the groups left empty. A count taken away from a group that has no row (its organization is
-- being deleted) changes nothing.
DROP FUNCTION "organization_person_counts_add"(integer[], text[], text[], integer[]);
--> statement-breakpoint
CREATE FUNCTION "organization_person_counts_add"(
  "organizations" integer[], "dimensions" text[], "keys" text[], "changes" integer[],
  "key_changes" bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT u.o, u.dim, u.k, sum(u.n)::integer AS n, sum(u.s)::bigint AS s
    FROM unnest("organizations", "dimensions", "keys", "changes", "key_changes") u(o, dim, k, n, s)
    GROUP BY 1, 2, 3 HAVING sum(u.n) <> 0 OR sum(u.s) <> 0
    ORDER BY 1, 2, 3
  LOOP
    IF r.n > 0 THEN
      INSERT INTO "organization_person_counts" AS c ("organization_id", "dimension", "key", "people", "key_sum")
      VALUES (r.o, r.dim, r.k, r.n, r.s)
      ON CONFLICT ("organization_id", "dimension", "key")
        DO UPDATE SET "people" = c."people" + excluded."people", "key_sum" = c."key_sum" + excluded."key_sum";
    ELSE
      UPDATE "organization_person_counts" c SET "people" = c."people" + r.n, "key_sum" = c."key_sum" + r.s
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
-- those they leave, with the candidate's analytics key. The users are locked first, so of two
-- writers for one candidate the later reads what the earlier committed.
CREATE OR REPLACE FUNCTION "person_counts_refresh"("candidates" integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  s bigint[];
  seed bigint := (SELECT "key_seed" FROM "analytics_settings");
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
      SELECT p."candidate_id", p."dimension", p."key" FROM "candidate_person_keys" p
      WHERE p."candidate_id" = ANY (listed)
      EXCEPT SELECT * FROM "person_keys"(listed)) y
    UNION ALL
    SELECT y.*, 1 FROM (
      SELECT * FROM "person_keys"(listed)
      EXCEPT SELECT p."candidate_id", p."dimension", p."key" FROM "candidate_person_keys" p
      WHERE p."candidate_id" = ANY (listed)) y
  ) x;
  IF cs IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM "candidate_person_keys" p USING unnest(cs, dims, ks, changes) c(cid, d, kk, ch)
    WHERE c.ch = -1 AND p."candidate_id" = c.cid AND p."dimension" = c.d AND p."key" = c.kk;
  INSERT INTO "candidate_person_keys" ("candidate_id", "dimension", "key")
    SELECT c.cid, c.d, c.kk FROM unnest(cs, dims, ks, changes) c(cid, d, kk, ch) WHERE c.ch = 1;
  SELECT array_agg(a."organization_id"), array_agg(c.d), array_agg(c.kk), array_agg(c.ch),
         array_agg((c.ch * "analytics_key"(c.cid, seed))::bigint)
    INTO o, dim, k, n, s
    FROM unnest(cs, dims, ks, changes) c(cid, d, kk, ch)
    JOIN "organization_applicants" a ON a."candidate_id" = c.cid;
  IF o IS NOT NULL THEN
    PERFORM "organization_person_counts_add"(o, dim, k, n, s);
  END IF;
END
$$;
--> statement-breakpoint
-- The list gains or loses (organization, candidate) rows: the organization's counts gain or lose
-- the candidate's keys, and its key sums the candidate's analytics key. A candidate new to the
-- list has their keys worked out; one who leaves it altogether has them removed.
CREATE OR REPLACE FUNCTION "person_counts_follow_applicants"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidates integer[];
  o integer[];
  dim text[];
  k text[];
  n integer[];
  s bigint[];
  seed bigint := (SELECT "key_seed" FROM "analytics_settings");
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
      WHERE NOT EXISTS (SELECT 1 FROM "candidate_person_keys" p WHERE p."candidate_id" = c)))
    ON CONFLICT DO NOTHING;
  END IF;
  SELECT array_agg(x.o), array_agg(x.dim), array_agg(x.k), array_agg(x.n), array_agg(x.s)
    INTO o, dim, k, n, s
  FROM (SELECT ch."organization_id" AS o, p."dimension" AS dim, p."key" AS k,
               (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*))::integer AS n,
               (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END
                * sum("analytics_key"(ch."candidate_id", seed)))::bigint AS s
        FROM "changed" ch JOIN "candidate_person_keys" p ON p."candidate_id" = ch."candidate_id"
        GROUP BY 1, 2, 3) x;
  IF o IS NOT NULL THEN
    PERFORM "organization_person_counts_add"(o, dim, k, n, s);
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "candidate_person_keys" p
    WHERE p."candidate_id" = ANY (candidates)
      AND NOT EXISTS (SELECT 1 FROM "organization_applicants" a WHERE a."candidate_id" = p."candidate_id");
  END IF;
  RETURN NULL;
END
$$;
