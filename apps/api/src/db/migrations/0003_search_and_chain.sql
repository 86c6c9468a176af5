-- Things drizzle-kit cannot express or that belong to tables defined elsewhere.

-- Client filters and candidate search match names by case-insensitive substring
-- (`first_name ILIKE '%…%'`): trigram indexes make that an index scan
-- (citext columns are matched as `column::text ILIKE`, which can use them; citext ILIKE scans).
CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin (("email"::text) gin_trgm_ops);--> statement-breakpoint

-- Phases form a chain: no two phases lead to the same next phase. Deferrable, so a reorder
-- inside one transaction may pass through a transient duplicate.
ALTER TABLE "phases" ADD CONSTRAINT "phases_next_phase_unique" UNIQUE ("next_phase_id") DEFERRABLE INITIALLY DEFERRED;
