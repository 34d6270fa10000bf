CREATE TABLE "buyback_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"price" integer,
	"actor" text DEFAULT 'system' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "coin_name" text;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "grade" text;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "grade_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "unit_price" integer;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "offered_price" integer;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "agreed_price" integer;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "buyback_events" ADD CONSTRAINT "buyback_events_request_id_buyback_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."buyback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyback_events_by_request" ON "buyback_events" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD CONSTRAINT "buyback_requests_offer_id_buyback_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."buyback_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyback_requests_by_phone" ON "buyback_requests" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "buyback_requests_by_status" ON "buyback_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD CONSTRAINT "buyback_requests_quantity_positive" CHECK ("buyback_requests"."quantity" >= 1);