CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover" jsonb,
	"video_url" text,
	"legacy_id" integer,
	"published_at" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_kind_known" CHECK ("articles"."kind" in ('news', 'case', 'training'))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" jsonb NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"url" text,
	"logo" jsonb,
	"body" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover" jsonb,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_dates_in_order" CHECK ("promotions"."ends_on" is null or "promotions"."ends_on" >= "promotions"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"published_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_1_to_5" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_kind_slug" ON "articles" USING btree ("kind","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_kind_legacy_id" ON "articles" USING btree ("kind","legacy_id");--> statement-breakpoint
CREATE INDEX "articles_listing" ON "articles" USING btree ("kind","published_at");