CREATE TABLE "live_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_sockets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"user_id" integer,
	"address" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_sockets" ADD CONSTRAINT "live_sockets_process_id_live_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."live_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sockets" ADD CONSTRAINT "live_sockets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sockets_user_idx" ON "live_sockets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_sockets_address_idx" ON "live_sockets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "live_sockets_process_idx" ON "live_sockets" USING btree ("process_id");