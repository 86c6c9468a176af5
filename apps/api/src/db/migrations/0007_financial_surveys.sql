CREATE TABLE "financial_surveys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financial_surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"household_size" smallint NOT NULL,
	"income_band" text NOT NULL,
	"dependants" smallint NOT NULL,
	"study_funders" text[] NOT NULL,
	"other_funding" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"motivation" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_surveys_application_unique" UNIQUE("application_id"),
	CONSTRAINT "financial_surveys_household_size_range" CHECK ("financial_surveys"."household_size" between 1 and 30),
	CONSTRAINT "financial_surveys_dependants_range" CHECK ("financial_surveys"."dependants" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "financial_surveys" ADD CONSTRAINT "financial_surveys_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_surveys" ADD CONSTRAINT "financial_surveys_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financial_surveys_candidate_idx" ON "financial_surveys" USING btree ("candidate_id","updated_at");