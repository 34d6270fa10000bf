CREATE TABLE "buyback_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"metal" text NOT NULL,
	"pure_grams" numeric(10, 4) NOT NULL,
	"discount_percent" numeric(5, 2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "buyback_offers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "buyback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"items" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"visitor_id" text,
	"ip" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_events_lookup" ON "rate_limit_events" USING btree ("bucket","key","created_at");