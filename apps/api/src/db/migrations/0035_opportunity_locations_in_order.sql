DROP INDEX "opportunity_locations_opportunity_idx";--> statement-breakpoint
CREATE INDEX "opportunity_locations_opportunity_idx" ON "opportunity_locations" USING btree ("opportunity_id","id");