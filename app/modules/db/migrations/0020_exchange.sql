CREATE TABLE "exchange_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"part" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"login" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"login" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"bytes_stored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exchange_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "exchange_id" text;--> statement-breakpoint
ALTER TABLE "exchange_files" ADD CONSTRAINT "exchange_files_session_id_exchange_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exchange_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_log" ADD CONSTRAINT "exchange_log_session_id_exchange_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exchange_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_files_part" ON "exchange_files" USING btree ("session_id","name","part");--> statement-breakpoint
CREATE INDEX "exchange_log_by_time" ON "exchange_log" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "exchange_sessions_expiry" ON "exchange_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_exchange_id_unique" UNIQUE("exchange_id");