CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"document_version" text NOT NULL,
	"document_hash" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_by_user" ON "consents" USING btree ("user_id","given_at");--> statement-breakpoint
CREATE INDEX "consents_by_phone" ON "consents" USING btree ("phone","given_at");