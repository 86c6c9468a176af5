CREATE TABLE "interview_reminder_deliveries" (
	"interview_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "interview_reminder_deliveries_interview_id_kind_email_pk" PRIMARY KEY("interview_id","kind","email")
);
--> statement-breakpoint
ALTER TABLE "interview_reminder_deliveries" ADD CONSTRAINT "interview_reminder_deliveries_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;