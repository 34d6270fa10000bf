CREATE TABLE "exchange_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"parent_id" text,
	"section_path" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_new_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_id" text NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stock" integer,
	"price" numeric(12, 2),
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_new_goods_exchange_id_unique" UNIQUE("exchange_id")
);
