-- The place of each point of the 5 km grid a home is on: the gazetteer place nearest it, kept
-- by the database (see the functions and triggers below) so analytics does not look it up on
-- every call.
CREATE TABLE "grid_places" (
	"grid_latitude" numeric NOT NULL,
	"grid_longitude" numeric NOT NULL,
	"location_id" integer NOT NULL,
	"distance" double precision NOT NULL,
	CONSTRAINT "grid_places_grid_latitude_grid_longitude_pk" PRIMARY KEY("grid_latitude","grid_longitude")
);
--> statement-breakpoint
CREATE INDEX "grid_places_location_idx" ON "grid_places" USING btree ("location_id");
--> statement-breakpoint
-- The gazetteer place nearest a point: by the distance the GiST index on the places orders by
-- (a chord on earthdistance's sphere), the lower id of places at the same distance (found in
-- the box around the point that holds every place that near). None when the gazetteer is empty.
CREATE FUNCTION "nearest_place"("lat" double precision, "lng" double precision)
RETURNS TABLE ("location_id" integer, "distance" double precision) LANGUAGE sql STABLE AS $$
  SELECT t."id", b."distance"
  FROM (SELECT ll_to_earth(l."latitude", l."longitude") <-> ll_to_earth("lat", "lng") AS "distance"
        FROM "locations" l
        ORDER BY ll_to_earth(l."latitude", l."longitude") <-> ll_to_earth("lat", "lng") LIMIT 1) b
  CROSS JOIN LATERAL (
    SELECT l."id" FROM "locations" l
    WHERE ll_to_earth(l."latitude", l."longitude")
            <@ earth_box(ll_to_earth("lat", "lng"), sec_to_gc(b."distance") + 1)
      AND ll_to_earth(l."latitude", l."longitude") <-> ll_to_earth("lat", "lng") = b."distance"
    ORDER BY l."id" LIMIT 1) t
$$;
--> statement-breakpoint
-- Looks the points given up again and stores their nearest places (points with no place at all,
-- an empty gazetteer, are removed).
CREATE FUNCTION "grid_places_refresh"("lats" numeric[], "lngs" numeric[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "grid_places" AS g ("grid_latitude", "grid_longitude", "location_id", "distance")
  SELECT c.lat, c.lng, n."location_id", n."distance"
  FROM (SELECT DISTINCT u.lat, u.lng FROM unnest("lats", "lngs") u(lat, lng)
        WHERE u.lat IS NOT NULL AND u.lng IS NOT NULL) c
  CROSS JOIN LATERAL "nearest_place"(c.lat::float8, c.lng::float8) n
  ON CONFLICT ("grid_latitude", "grid_longitude") DO UPDATE
    SET "location_id" = excluded."location_id", "distance" = excluded."distance"
    WHERE (g."location_id", g."distance") IS DISTINCT FROM (excluded."location_id", excluded."distance");
  IF NOT EXISTS (SELECT 1 FROM "locations") THEN
    DELETE FROM "grid_places" g USING unnest("lats", "lngs") u(lat, lng)
    WHERE g."grid_latitude" = u.lat AND g."grid_longitude" = u.lng;
  END IF;
END
$$;
--> statement-breakpoint
-- A home on a point not kept yet adds the point. The lock lets a change of the gazetteer being
-- committed finish first, and the point is then looked up among the places it left.
CREATE FUNCTION "grid_places_follow_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lats numeric[];
  lngs numeric[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    lats := ARRAY[NEW."grid_latitude"];
    lngs := ARRAY[NEW."grid_longitude"];
  ELSE
    SELECT array_agg(c."grid_latitude"), array_agg(c."grid_longitude") INTO lats, lngs
    FROM "changed" c WHERE c."grid_latitude" IS NOT NULL;
  END IF;
  SELECT array_agg(u.lat), array_agg(u.lng) INTO lats, lngs
  FROM unnest(lats, lngs) u(lat, lng)
  WHERE u.lat IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "grid_places" g WHERE g."grid_latitude" = u.lat AND g."grid_longitude" = u.lng);
  IF lats IS NOT NULL THEN
    LOCK TABLE "grid_places" IN ROW EXCLUSIVE MODE;
    PERFORM "grid_places_refresh"(lats, lngs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "grid_places_after_profile_insert" AFTER INSERT ON "candidate_profiles"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "grid_places_follow_profiles"();
--> statement-breakpoint
-- Profiles are saved often; only a home moved to another point calls the function.
CREATE TRIGGER "grid_places_after_profile_update"
  AFTER UPDATE OF "latitude", "longitude" ON "candidate_profiles"
  FOR EACH ROW WHEN (NEW."grid_latitude" IS NOT NULL
    AND (OLD."grid_latitude" IS DISTINCT FROM NEW."grid_latitude"
      OR OLD."grid_longitude" IS DISTINCT FROM NEW."grid_longitude"))
  EXECUTE FUNCTION "grid_places_follow_profiles"();
--> statement-breakpoint
-- Places added, moved or removed: the points whose place was moved or removed, and the points a
-- new or moved place is at most as far from as their place, are looked up again (every point,
-- when more than 100 places come at once or the first places come to an empty gazetteer). Writers of
-- homes wait meanwhile, so no point is added from the places as they were.
CREATE FUNCTION "grid_places_follow_locations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lats numeric[];
  lngs numeric[];
BEGIN
  LOCK TABLE "grid_places" IN SHARE ROW EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "locations" l WHERE l."id" NOT IN (SELECT n."id" FROM "came" n)) THEN
      -- The gazetteer was empty, and no point was kept: every home's point is looked up.
      SELECT array_agg(p.lat), array_agg(p.lng) INTO lats, lngs
      FROM (SELECT DISTINCT "grid_latitude" AS lat, "grid_longitude" AS lng FROM "candidate_profiles"
            WHERE "grid_latitude" IS NOT NULL) p;
    ELSIF (SELECT count(*) FROM "came") > 100 THEN
      -- Many places at once (a seed): every kept point is looked up again, once each.
      SELECT array_agg(g."grid_latitude"), array_agg(g."grid_longitude") INTO lats, lngs
      FROM "grid_places" g;
    ELSE
      SELECT array_agg(g."grid_latitude"), array_agg(g."grid_longitude") INTO lats, lngs
      FROM "grid_places" g
      WHERE EXISTS (SELECT 1 FROM "came" n
        WHERE ll_to_earth(n."latitude", n."longitude") <-> ll_to_earth(g."grid_latitude"::float8, g."grid_longitude"::float8) <= g."distance");
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(g."grid_latitude"), array_agg(g."grid_longitude") INTO lats, lngs
    FROM "grid_places" g
    WHERE g."location_id" IN (SELECT o."id" FROM "gone" o)
       OR EXISTS (SELECT 1 FROM "came" n
         WHERE ll_to_earth(n."latitude", n."longitude") <-> ll_to_earth(g."grid_latitude"::float8, g."grid_longitude"::float8) <= g."distance");
  ELSE
    SELECT array_agg(g."grid_latitude"), array_agg(g."grid_longitude") INTO lats, lngs
    FROM "grid_places" g WHERE g."location_id" IN (SELECT o."id" FROM "gone" o);
  END IF;
  IF lats IS NOT NULL THEN
    PERFORM "grid_places_refresh"(lats, lngs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "grid_places_after_location_insert" AFTER INSERT ON "locations"
  REFERENCING NEW TABLE AS "came" FOR EACH STATEMENT
  EXECUTE FUNCTION "grid_places_follow_locations"();
--> statement-breakpoint
CREATE TRIGGER "grid_places_after_location_update" AFTER UPDATE ON "locations"
  REFERENCING OLD TABLE AS "gone" NEW TABLE AS "came" FOR EACH STATEMENT
  EXECUTE FUNCTION "grid_places_follow_locations"();
--> statement-breakpoint
CREATE TRIGGER "grid_places_after_location_delete" AFTER DELETE ON "locations"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT
  EXECUTE FUNCTION "grid_places_follow_locations"();
--> statement-breakpoint
-- Every home's point as the places are now.
SELECT "grid_places_refresh"(array_agg(p.lat), array_agg(p.lng))
FROM (SELECT DISTINCT "grid_latitude" AS lat, "grid_longitude" AS lng FROM "candidate_profiles"
      WHERE "grid_latitude" IS NOT NULL) p;
