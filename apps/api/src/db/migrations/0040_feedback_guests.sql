CREATE TABLE "feedback_request_guests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_request_guests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"feedback_request_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_request_guests_request_email_unique" UNIQUE("feedback_request_id","email")
);
--> statement-breakpoint
ALTER TABLE "feedback_responses" ALTER COLUMN "responder_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "feedback_request_guests" ADD CONSTRAINT "feedback_request_guests_feedback_request_id_feedback_requests_id_fk" FOREIGN KEY ("feedback_request_id") REFERENCES "public"."feedback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_guest_id_feedback_request_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."feedback_request_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_request_application_guest_unique" UNIQUE("feedback_request_id","application_id","guest_id");--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_one_responder" CHECK (("feedback_responses"."responder_id" is null) <> ("feedback_responses"."guest_id" is null));