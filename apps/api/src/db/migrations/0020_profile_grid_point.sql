-- Each home's point on the 5 km grid analytics look places up by, kept by the database with the
-- coordinates (and worked out for every profile as the columns are added).
ALTER TABLE "candidate_profiles" ADD COLUMN "grid_latitude" numeric GENERATED ALWAYS AS (round(latitude::numeric * 20) / 20) STORED;--> statement-breakpoint
ALTER TABLE "candidate_profiles" ADD COLUMN "grid_longitude" numeric GENERATED ALWAYS AS (round(longitude::numeric * 20) / 20) STORED;