CREATE TABLE "listing_opportunities" (
	"listing_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "listing_opportunities_listing_id_opportunity_id_pk" PRIMARY KEY("listing_id","opportunity_id"),
	CONSTRAINT "listing_opportunities_position_nonnegative" CHECK ("listing_opportunities"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"published_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_opportunities" ADD CONSTRAINT "listing_opportunities_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_opportunities" ADD CONSTRAINT "listing_opportunities_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_opportunities_order_idx" ON "listing_opportunities" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_opportunities_opportunity_idx" ON "listing_opportunities" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "listings_organization_idx" ON "listings" USING btree ("organization_id");