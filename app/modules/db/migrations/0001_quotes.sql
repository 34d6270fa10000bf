CREATE TABLE "quote_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"instrument" text NOT NULL,
	"trading_date" date NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quote_readings_by_day" ON "quote_readings" USING btree ("source","instrument","trading_date","fetched_at");