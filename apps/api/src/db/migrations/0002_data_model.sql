CREATE TYPE "public"."campaign_kind" AS ENUM('organization', 'opportunity');--> statement-breakpoint
CREATE TYPE "public"."chat_sender_type" AS ENUM('candidate', 'client');--> statement-breakpoint
CREATE TYPE "public"."document_bundle_status" AS ENUM('queued', 'running', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."document_kind" AS ENUM('identity_document', 'transcript', 'high_school_certificate', 'proof_of_registration', 'other');--> statement-breakpoint
CREATE TYPE "public"."ethnicity" AS ENUM('african', 'coloured', 'indian', 'white', 'other', 'prefer_not_to_say');--> statement-breakpoint
CREATE TYPE "public"."experience_kind" AS ENUM('work', 'volunteering');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('female', 'male', 'non_binary', 'other', 'prefer_not_to_say');--> statement-breakpoint
CREATE TYPE "public"."institution_kind" AS ENUM('university', 'university_of_technology', 'tvet_college', 'school', 'other');--> statement-breakpoint
CREATE TYPE "public"."language_level" AS ENUM('basic', 'intermediate', 'advanced', 'native');--> statement-breakpoint
CREATE TYPE "public"."opportunity_kind" AS ENUM('job', 'bursary', 'scholarship');--> statement-breakpoint
CREATE TYPE "public"."phase_event_kind" AS ENUM('applied', 'moved', 'regretted', 'archived', 'reinstated');--> statement-breakpoint
CREATE TYPE "public"."qualification_status" AS ENUM('completed', 'current', 'intended');--> statement-breakpoint
CREATE TYPE "public"."right_kind" AS ENUM('citizen', 'permanent_resident', 'visa', 'permit', 'refugee', 'other');--> statement-breakpoint
CREATE TABLE "behavioral_competencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "behavioral_competencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" "citext" NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "behavioral_competencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disciplines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" "citext" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disciplines_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"abbreviation" text,
	"kind" "institution_kind" NOT NULL,
	"country" char(2) DEFAULT 'ZA' NOT NULL,
	"city" text,
	"website" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_name_country_unique" UNIQUE("name","country"),
	CONSTRAINT "institutions_country_format" CHECK ("institutions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "institutions_latitude_range" CHECK ("institutions"."latitude" between -90 and 90),
	CONSTRAINT "institutions_longitude_range" CHECK ("institutions"."longitude" between -180 and 180),
	CONSTRAINT "institutions_coordinates_together" CHECK (("institutions"."latitude" is null) = ("institutions"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"city" text,
	"province" text,
	"country" char(2) DEFAULT 'ZA' NOT NULL,
	"kind" text,
	"population" integer,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_country_format" CHECK ("locations"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "locations_latitude_range" CHECK ("locations"."latitude" between -90 and 90),
	CONSTRAINT "locations_longitude_range" CHECK ("locations"."longitude" between -180 and 180),
	CONSTRAINT "locations_coordinates_together" CHECK (("locations"."latitude" is null) = ("locations"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "qualification_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qualification_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" "citext" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "qualification_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qualification_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text,
	"institution_id" integer,
	"qualification_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_components_name_unique" UNIQUE NULLS NOT DISTINCT("qualification_type_id","institution_id","name")
);
--> statement-breakpoint
CREATE TABLE "qualification_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qualification_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" "citext" NOT NULL,
	"nqf_level" smallint,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_types_name_unique" UNIQUE("name"),
	CONSTRAINT "qualification_types_nqf_level_range" CHECK ("qualification_types"."nqf_level" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qualifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"specialization" text NOT NULL,
	"qualification_type_id" integer NOT NULL,
	"qualification_category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualifications_type_specialization_unique" UNIQUE("qualification_type_id","specialization")
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "achievements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"achieved_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"organization_name" text NOT NULL,
	"role" text,
	"starts_at" date,
	"ends_at" date,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliations_dates_ordered" CHECK ("affiliations"."ends_at" >= "affiliations"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "assessment_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"item" text NOT NULL,
	"behavioral_competency_id" integer,
	"aggregate" numeric(5, 2) NOT NULL,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_results_profile_item_unique" UNIQUE("profile_id","item"),
	CONSTRAINT "assessment_results_aggregate_range" CHECK ("assessment_results"."aggregate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "candidate_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"country_of_birth" char(2),
	"identification" text,
	"first_names" text,
	"last_name" text,
	"born_at" date,
	"gender" "gender",
	"ethnicity" "ethnicity",
	"disability" boolean,
	"disability_description" text,
	"biography" text,
	"mobile_number" text,
	"drivers_license" boolean,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completion" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_profiles_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "candidate_profiles_country_of_birth_format" CHECK ("candidate_profiles"."country_of_birth" ~ '^[A-Z]{2}$'),
	CONSTRAINT "candidate_profiles_completion_range" CHECK ("candidate_profiles"."completion" between 0 and 100),
	CONSTRAINT "candidate_profiles_latitude_range" CHECK ("candidate_profiles"."latitude" between -90 and 90),
	CONSTRAINT "candidate_profiles_longitude_range" CHECK ("candidate_profiles"."longitude" between -180 and 180),
	CONSTRAINT "candidate_profiles_coordinates_together" CHECK (("candidate_profiles"."latitude" is null) = ("candidate_profiles"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "experiences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"kind" "experience_kind" DEFAULT 'work' NOT NULL,
	"title" text NOT NULL,
	"organization_name" text NOT NULL,
	"starts_at" date,
	"ends_at" date,
	"current" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiences_dates_ordered" CHECK ("experiences"."ends_at" >= "experiences"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "language_proficiencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "language_proficiencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"language" "citext" NOT NULL,
	"reading" "language_level",
	"writing" "language_level",
	"speaking" "language_level",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "language_proficiencies_profile_language_unique" UNIQUE("profile_id","language")
);
--> statement-breakpoint
CREATE TABLE "profile_qualification_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_qualification_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_qualification_id" integer NOT NULL,
	"qualification_component_id" integer,
	"name" text,
	"mark" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_qualification_components_component_unique" UNIQUE("profile_qualification_id","qualification_component_id"),
	CONSTRAINT "profile_qualification_components_mark_range" CHECK ("profile_qualification_components"."mark" between 0 and 100),
	CONSTRAINT "profile_qualification_components_named" CHECK ("profile_qualification_components"."qualification_component_id" is not null or "profile_qualification_components"."name" is not null)
);
--> statement-breakpoint
CREATE TABLE "profile_qualification_disciplines" (
	"profile_qualification_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	CONSTRAINT "profile_qualification_disciplines_profile_qualification_id_discipline_id_pk" PRIMARY KEY("profile_qualification_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "profile_qualifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_qualifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"institution_id" integer,
	"institution_name" text,
	"qualification_id" integer,
	"qualification_type_id" integer,
	"qualification_category_id" integer,
	"starts_at" date,
	"ends_at" date,
	"status" "qualification_status",
	"grade_normalized" numeric(5, 2),
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_qualifications_grade_range" CHECK ("profile_qualifications"."grade_normalized" between 0 and 100),
	CONSTRAINT "profile_qualifications_dates_ordered" CHECK ("profile_qualifications"."ends_at" >= "profile_qualifications"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "study_rights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_rights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"country_code" char(2) NOT NULL,
	"kind" "right_kind" NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_rights_profile_country_unique" UNIQUE("profile_id","country_code"),
	CONSTRAINT "study_rights_country_format" CHECK ("study_rights"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "work_rights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_rights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"country_code" char(2) NOT NULL,
	"kind" "right_kind" NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_rights_profile_country_unique" UNIQUE("profile_id","country_code"),
	CONSTRAINT "work_rights_country_format" CHECK ("work_rights"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "client_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"job_title" text,
	"invited_by_id" integer,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text,
	"address" text NOT NULL,
	"city" text,
	"province" text,
	"country" char(2) DEFAULT 'ZA' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_locations_country_format" CHECK ("organization_locations"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "organization_locations_latitude_range" CHECK ("organization_locations"."latitude" between -90 and 90),
	CONSTRAINT "organization_locations_longitude_range" CHECK ("organization_locations"."longitude" between -180 and 180),
	CONSTRAINT "organization_locations_coordinates_together" CHECK (("organization_locations"."latitude" is null) = ("organization_locations"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" "citext" NOT NULL,
	"logo" text,
	"description" text,
	"website" text,
	"industry" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"kind" "opportunity_kind" NOT NULL,
	"name" text NOT NULL,
	"summary" text,
	"description" text,
	"logo" text,
	"published_at" timestamp with time zone,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"commences_at" timestamp with time zone,
	"positions" integer,
	"currency" char(3) DEFAULT 'ZAR' NOT NULL,
	"value_min" integer,
	"value_max" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_id_organization_unique" UNIQUE("id","organization_id"),
	CONSTRAINT "opportunities_window_ordered" CHECK ("opportunities"."closes_at" > "opportunities"."opens_at"),
	CONSTRAINT "opportunities_value_ordered" CHECK ("opportunities"."value_max" >= "opportunities"."value_min")
);
--> statement-breakpoint
CREATE TABLE "opportunity_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunity_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"location_id" integer,
	"address" text NOT NULL,
	"city" text,
	"province" text,
	"country" char(2) DEFAULT 'ZA' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_locations_country_format" CHECK ("opportunity_locations"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "opportunity_locations_latitude_range" CHECK ("opportunity_locations"."latitude" between -90 and 90),
	CONSTRAINT "opportunity_locations_longitude_range" CHECK ("opportunity_locations"."longitude" between -180 and 180),
	CONSTRAINT "opportunity_locations_coordinates_together" CHECK (("opportunity_locations"."latitude" is null) = ("opportunity_locations"."longitude" is null))
);
--> statement-breakpoint
CREATE TABLE "opportunity_managers" (
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_managers_opportunity_id_user_id_pk" PRIMARY KEY("opportunity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "phases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"initial" boolean DEFAULT false NOT NULL,
	"next_phase_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phases_id_opportunity_unique" UNIQUE("id","opportunity_id"),
	CONSTRAINT "phases_next_not_self" CHECK ("phases"."next_phase_id" <> "phases"."id")
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"criterion" jsonb NOT NULL,
	"description" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"prompt" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_aliases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alias" "citext" NOT NULL,
	"campaign_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_aliases_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" "citext" NOT NULL,
	"name" text NOT NULL,
	"kind" "campaign_kind" NOT NULL,
	"organization_id" integer NOT NULL,
	"opportunity_id" integer,
	"description" text,
	"image" text,
	"copy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "campaigns_kind_matches_target" CHECK (("campaigns"."kind" = 'organization' and "campaigns"."opportunity_id" is null) or ("campaigns"."kind" = 'opportunity' and "campaigns"."opportunity_id" is not null)),
	CONSTRAINT "campaigns_window_ordered" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "application_locations" (
	"application_id" integer NOT NULL,
	"opportunity_location_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_locations_application_id_opportunity_location_id_pk" PRIMARY KEY("application_id","opportunity_location_id")
);
--> statement-breakpoint
CREATE TABLE "application_phase_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_phase_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"kind" "phase_event_kind" DEFAULT 'moved' NOT NULL,
	"from_phase_id" integer,
	"phase_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"candidate_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"phase_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"completion" smallint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"regreted_at" timestamp with time zone,
	"application_rating" smallint,
	"screening_submitted_at" timestamp with time zone,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_candidate_opportunity_unique" UNIQUE("candidate_id","opportunity_id"),
	CONSTRAINT "applications_completion_range" CHECK ("applications"."completion" between 0 and 100),
	CONSTRAINT "applications_rating_range" CHECK ("applications"."application_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "screening_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"screening_question_id" integer NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_answers_application_question_unique" UNIQUE("application_id","screening_question_id")
);
--> statement-breakpoint
CREATE TABLE "eligibilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eligibilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"candidate_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"eligible" boolean,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"referred_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"invited_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eligibilities_candidate_opportunity_unique" UNIQUE("candidate_id","opportunity_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"sender_user_id" integer,
	"sender_type" "chat_sender_type" NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"subject" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"resolution_path" text,
	"application_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_items_user_type_application_unique" UNIQUE NULLS NOT DISTINCT("user_id","type","application_id"),
	CONSTRAINT "action_items_priority_range" CHECK ("action_items"."priority" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"path" text,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_request_applications" (
	"feedback_request_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "feedback_request_applications_feedback_request_id_application_id_pk" PRIMARY KEY("feedback_request_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "feedback_request_responders" (
	"feedback_request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_request_responders_feedback_request_id_user_id_pk" PRIMARY KEY("feedback_request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "feedback_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"requested_by_id" integer,
	"message" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"feedback_request_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"responder_id" integer NOT NULL,
	"rating" smallint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_responses_request_application_responder_unique" UNIQUE("feedback_request_id","application_id","responder_id"),
	CONSTRAINT "feedback_responses_rating_range" CHECK ("feedback_responses"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"candidate_id" integer NOT NULL,
	"raised_by_id" integer,
	"organization_id" integer,
	"application_id" integer,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_bundle_applications" (
	"document_bundle_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "document_bundle_applications_document_bundle_id_application_id_pk" PRIMARY KEY("document_bundle_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "document_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requested_by_id" integer,
	"opportunity_id" integer NOT NULL,
	"status" "document_bundle_status" DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"byte_size" integer,
	"error" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "document_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_byte_size_positive" CHECK ("documents"."byte_size" > 0),
	CONSTRAINT "documents_sha256_hex" CHECK ("documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "qualification_components" ADD CONSTRAINT "qualification_components_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_components" ADD CONSTRAINT "qualification_components_qualification_type_id_qualification_types_id_fk" FOREIGN KEY ("qualification_type_id") REFERENCES "public"."qualification_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_qualification_type_id_qualification_types_id_fk" FOREIGN KEY ("qualification_type_id") REFERENCES "public"."qualification_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_qualification_category_id_qualification_categories_id_fk" FOREIGN KEY ("qualification_category_id") REFERENCES "public"."qualification_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_behavioral_competency_id_behavioral_competencies_id_fk" FOREIGN KEY ("behavioral_competency_id") REFERENCES "public"."behavioral_competencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_profiles" ADD CONSTRAINT "candidate_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "language_proficiencies" ADD CONSTRAINT "language_proficiencies_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualification_components" ADD CONSTRAINT "profile_qualification_components_profile_qualification_id_profile_qualifications_id_fk" FOREIGN KEY ("profile_qualification_id") REFERENCES "public"."profile_qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualification_components" ADD CONSTRAINT "profile_qualification_components_qualification_component_id_qualification_components_id_fk" FOREIGN KEY ("qualification_component_id") REFERENCES "public"."qualification_components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualification_disciplines" ADD CONSTRAINT "profile_qualification_disciplines_profile_qualification_id_profile_qualifications_id_fk" FOREIGN KEY ("profile_qualification_id") REFERENCES "public"."profile_qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualification_disciplines" ADD CONSTRAINT "profile_qualification_disciplines_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualifications" ADD CONSTRAINT "profile_qualifications_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualifications" ADD CONSTRAINT "profile_qualifications_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualifications" ADD CONSTRAINT "profile_qualifications_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualifications" ADD CONSTRAINT "profile_qualifications_qualification_type_id_qualification_types_id_fk" FOREIGN KEY ("qualification_type_id") REFERENCES "public"."qualification_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_qualifications" ADD CONSTRAINT "profile_qualifications_qualification_category_id_qualification_categories_id_fk" FOREIGN KEY ("qualification_category_id") REFERENCES "public"."qualification_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_rights" ADD CONSTRAINT "study_rights_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_rights" ADD CONSTRAINT "work_rights_profile_id_candidate_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."candidate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_locations" ADD CONSTRAINT "organization_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_locations" ADD CONSTRAINT "opportunity_locations_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_locations" ADD CONSTRAINT "opportunity_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_managers" ADD CONSTRAINT "opportunity_managers_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_managers" ADD CONSTRAINT "opportunity_managers_user_id_client_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."client_users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phases" ADD CONSTRAINT "phases_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phases" ADD CONSTRAINT "phases_next_phase_id_phases_id_fk" FOREIGN KEY ("next_phase_id") REFERENCES "public"."phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_questions" ADD CONSTRAINT "screening_questions_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_aliases" ADD CONSTRAINT "campaign_aliases_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_opportunity_organization_fk" FOREIGN KEY ("opportunity_id","organization_id") REFERENCES "public"."opportunities"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_locations" ADD CONSTRAINT "application_locations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_locations" ADD CONSTRAINT "application_locations_opportunity_location_id_opportunity_locations_id_fk" FOREIGN KEY ("opportunity_location_id") REFERENCES "public"."opportunity_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_phase_events" ADD CONSTRAINT "application_phase_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_phase_events" ADD CONSTRAINT "application_phase_events_from_phase_id_phases_id_fk" FOREIGN KEY ("from_phase_id") REFERENCES "public"."phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_phase_events" ADD CONSTRAINT "application_phase_events_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_phase_events" ADD CONSTRAINT "application_phase_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_phase_opportunity_fk" FOREIGN KEY ("phase_id","opportunity_id") REFERENCES "public"."phases"("id","opportunity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_answers" ADD CONSTRAINT "screening_answers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_answers" ADD CONSTRAINT "screening_answers_screening_question_id_screening_questions_id_fk" FOREIGN KEY ("screening_question_id") REFERENCES "public"."screening_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibilities" ADD CONSTRAINT "eligibilities_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibilities" ADD CONSTRAINT "eligibilities_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibilities" ADD CONSTRAINT "eligibilities_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_request_applications" ADD CONSTRAINT "feedback_request_applications_feedback_request_id_feedback_requests_id_fk" FOREIGN KEY ("feedback_request_id") REFERENCES "public"."feedback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_request_applications" ADD CONSTRAINT "feedback_request_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_request_responders" ADD CONSTRAINT "feedback_request_responders_feedback_request_id_feedback_requests_id_fk" FOREIGN KEY ("feedback_request_id") REFERENCES "public"."feedback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_request_responders" ADD CONSTRAINT "feedback_request_responders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_feedback_request_id_feedback_requests_id_fk" FOREIGN KEY ("feedback_request_id") REFERENCES "public"."feedback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_bundle_applications" ADD CONSTRAINT "document_bundle_applications_document_bundle_id_document_bundles_id_fk" FOREIGN KEY ("document_bundle_id") REFERENCES "public"."document_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_bundle_applications" ADD CONSTRAINT "document_bundle_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_bundles" ADD CONSTRAINT "document_bundles_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_bundles" ADD CONSTRAINT "document_bundles_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institutions_kind_idx" ON "institutions" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "institutions_name_trgm_idx" ON "institutions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_address_country_unique" ON "locations" USING btree ("address","country");--> statement-breakpoint
CREATE INDEX "locations_address_trgm_idx" ON "locations" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_earth_idx" ON "locations" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "qualification_components_institution_idx" ON "qualification_components" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "qualifications_category_idx" ON "qualifications" USING btree ("qualification_category_id");--> statement-breakpoint
CREATE INDEX "qualifications_specialization_trgm_idx" ON "qualifications" USING gin ("specialization" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "achievements_profile_idx" ON "achievements" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "affiliations_profile_idx" ON "affiliations" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_profiles_identification_unique" ON "candidate_profiles" USING btree ("country_of_birth","identification") WHERE identification is not null;--> statement-breakpoint
CREATE INDEX "candidate_profiles_earth_idx" ON "candidate_profiles" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "candidate_profiles_first_names_trgm_idx" ON "candidate_profiles" USING gin ("first_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidate_profiles_last_name_trgm_idx" ON "candidate_profiles" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidate_profiles_updated_at_idx" ON "candidate_profiles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "experiences_profile_idx" ON "experiences" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profile_qualification_components_component_idx" ON "profile_qualification_components" USING btree ("qualification_component_id");--> statement-breakpoint
CREATE INDEX "profile_qualification_disciplines_discipline_idx" ON "profile_qualification_disciplines" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "profile_qualifications_profile_idx" ON "profile_qualifications" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profile_qualifications_institution_idx" ON "profile_qualifications" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "profile_qualifications_type_idx" ON "profile_qualifications" USING btree ("qualification_type_id");--> statement-breakpoint
CREATE INDEX "profile_qualifications_category_idx" ON "profile_qualifications" USING btree ("qualification_category_id");--> statement-breakpoint
CREATE INDEX "profile_qualifications_qualification_idx" ON "profile_qualifications" USING btree ("qualification_id");--> statement-breakpoint
CREATE INDEX "client_users_organization_idx" ON "client_users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_locations_organization_idx" ON "organization_locations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_locations_earth_idx" ON "organization_locations" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_organization_idx" ON "opportunities" USING btree ("organization_id","opens_at");--> statement-breakpoint
CREATE INDEX "opportunities_published_idx" ON "opportunities" USING btree ("published_at","opens_at");--> statement-breakpoint
CREATE INDEX "opportunities_kind_idx" ON "opportunities" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "opportunities_name_trgm_idx" ON "opportunities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunity_locations_opportunity_idx" ON "opportunity_locations" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "opportunity_locations_earth_idx" ON "opportunity_locations" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "opportunity_managers_user_idx" ON "opportunity_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phases_opportunity_idx" ON "phases" USING btree ("opportunity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phases_one_initial_per_opportunity" ON "phases" USING btree ("opportunity_id") WHERE initial;--> statement-breakpoint
CREATE INDEX "phases_next_phase_idx" ON "phases" USING btree ("next_phase_id");--> statement-breakpoint
CREATE INDEX "requirements_opportunity_idx" ON "requirements" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE INDEX "screening_questions_opportunity_idx" ON "screening_questions" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE INDEX "campaign_aliases_campaign_idx" ON "campaign_aliases" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_organization_idx" ON "campaigns" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "campaigns_opportunity_idx" ON "campaigns" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "application_locations_location_idx" ON "application_locations" USING btree ("opportunity_location_id");--> statement-breakpoint
CREATE INDEX "application_phase_events_application_idx" ON "application_phase_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_phase_events_phase_idx" ON "application_phase_events" USING btree ("phase_id");--> statement-breakpoint
CREATE INDEX "applications_opportunity_phase_idx" ON "applications" USING btree ("opportunity_id","phase_id");--> statement-breakpoint
CREATE INDEX "applications_opportunity_status_idx" ON "applications" USING btree ("opportunity_id","status");--> statement-breakpoint
CREATE INDEX "applications_opportunity_created_idx" ON "applications" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_phase_idx" ON "applications" USING btree ("phase_id");--> statement-breakpoint
CREATE INDEX "applications_campaign_idx" ON "applications" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "screening_answers_question_idx" ON "screening_answers" USING btree ("screening_question_id");--> statement-breakpoint
CREATE INDEX "eligibilities_opportunity_eligible_idx" ON "eligibilities" USING btree ("opportunity_id","eligible");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("chat_id","sender_type") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "chats_application_idx" ON "chats" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "action_items_application_idx" ON "action_items" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "notifications_user_active_idx" ON "notifications" USING btree ("user_id","notified_at") WHERE dismissed_at is null;--> statement-breakpoint
CREATE INDEX "feedback_request_applications_application_idx" ON "feedback_request_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "feedback_request_responders_user_idx" ON "feedback_request_responders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedback_requests_organization_idx" ON "feedback_requests" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "feedback_requests_requested_by_idx" ON "feedback_requests" USING btree ("requested_by_id");--> statement-breakpoint
CREATE INDEX "feedback_responses_application_idx" ON "feedback_responses" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "flags_candidate_idx" ON "flags" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "flags_raised_by_idx" ON "flags" USING btree ("raised_by_id");--> statement-breakpoint
CREATE INDEX "document_bundle_applications_application_idx" ON "document_bundle_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "document_bundles_opportunity_idx" ON "document_bundles" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "document_bundles_requested_by_idx" ON "document_bundles" USING btree ("requested_by_id");--> statement-breakpoint
CREATE INDEX "documents_user_kind_idx" ON "documents" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_signup_campaign_id_campaigns_id_fk" FOREIGN KEY ("signup_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;