-- Indexes analytics read in their order: the stays by phase (the phase funnels and time in
-- phase count and take medians per phase without sorting every stay), and applications by the
-- week they were made in and their candidate (the people of each week counted as the index is
-- read).
CREATE INDEX "application_phase_stays_phase_idx" ON "application_phase_stays" USING btree ("phase_id","opportunity_id","candidate_id","application_id","entered_at","left_at");--> statement-breakpoint
CREATE INDEX "applications_week_candidate_idx" ON "applications" USING btree (date_trunc('week', "created_at" at time zone 'UTC'),"candidate_id","opportunity_id","created_at");