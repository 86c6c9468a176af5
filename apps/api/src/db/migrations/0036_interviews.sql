CREATE TABLE "guest_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" integer NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "interview_interviewers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_interviewers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"interview_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"busy" boolean DEFAULT true NOT NULL,
	CONSTRAINT "interview_interviewers_interview_email_unique" UNIQUE("interview_id","email"),
	CONSTRAINT "interview_interviewers_email_lower" CHECK ("interview_interviewers"."email" = lower("interview_interviewers"."email"))
);
--> statement-breakpoint
CREATE TABLE "interview_offer_slots" (
	"offer_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	CONSTRAINT "interview_offer_slots_offer_id_slot_id_pk" PRIMARY KEY("offer_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "interview_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message" text,
	"candidate_message" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_scorecards" (
	"interviewer_id" integer PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"recommendation" text NOT NULL,
	"notes" text,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_settings" (
	"opportunity_id" integer PRIMARY KEY NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blind_review" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_kind" text NOT NULL,
	"opportunity_location_id" integer,
	"address" text,
	"video_url" text,
	"interviewers" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_slots_span" CHECK ("interview_slots"."ends_at" > "interview_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"offer_id" integer,
	"slot_id" integer,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_kind" text NOT NULL,
	"opportunity_location_id" integer,
	"address" text,
	"video_url" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"day_reminder_sent_at" timestamp with time zone,
	"hour_reminder_sent_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_uid_unique" UNIQUE("uid"),
	CONSTRAINT "interviews_span" CHECK ("interviews"."ends_at" > "interviews"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_offer_slots" ADD CONSTRAINT "interview_offer_slots_offer_id_interview_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."interview_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_offer_slots" ADD CONSTRAINT "interview_offer_slots_slot_id_interview_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."interview_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_offers" ADD CONSTRAINT "interview_offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_offers" ADD CONSTRAINT "interview_offers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_scorecards" ADD CONSTRAINT "interview_scorecards_interviewer_id_interview_interviewers_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."interview_interviewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_scorecards" ADD CONSTRAINT "interview_scorecards_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_settings" ADD CONSTRAINT "interview_settings_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_opportunity_location_id_opportunity_locations_id_fk" FOREIGN KEY ("opportunity_location_id") REFERENCES "public"."opportunity_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_offer_id_interview_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."interview_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_slot_id_interview_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."interview_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_opportunity_location_id_opportunity_locations_id_fk" FOREIGN KEY ("opportunity_location_id") REFERENCES "public"."opportunity_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_links_subject_idx" ON "guest_links" USING btree ("purpose","subject_id");--> statement-breakpoint
CREATE INDEX "interview_interviewers_user_idx" ON "interview_interviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "interview_offer_slots_slot_idx" ON "interview_offer_slots" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "interview_offers_application_idx" ON "interview_offers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "interview_scorecards_interview_idx" ON "interview_scorecards" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "interview_slots_opportunity_idx" ON "interview_slots" USING btree ("opportunity_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_slot_taken_once" ON "interviews" USING btree ("slot_id") WHERE "interviews"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "interviews_application_idx" ON "interviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "interviews_upcoming_idx" ON "interviews" USING btree ("starts_at") WHERE "interviews"."status" = 'scheduled';--> statement-breakpoint
-- An interviewer is never booked twice at once: two busy rows of one address may not overlap
-- in time (btree_gist, created by 0031, gives GiST its `=` on text).
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_no_overlap" EXCLUDE USING gist ("email" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("busy");
