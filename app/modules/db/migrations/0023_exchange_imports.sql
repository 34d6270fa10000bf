CREATE TABLE "exchange_imports" (
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "exchange_imports" ADD CONSTRAINT "exchange_imports_session_id_exchange_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exchange_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_imports_file" ON "exchange_imports" USING btree ("session_id","name");