CREATE TABLE "extremist_list_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" text,
	"match_key" text,
	"list_date" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"checkout_token" text NOT NULL,
	"key_id" text NOT NULL,
	"data" text NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "identification_id" integer;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extremist_list_by_key" ON "extremist_list_entries" USING btree ("match_key");--> statement-breakpoint
CREATE UNIQUE INDEX "identifications_one_per_checkout" ON "identifications" USING btree ("user_id","checkout_token");--> statement-breakpoint
CREATE INDEX "identifications_by_user" ON "identifications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_identification_id_identifications_id_fk" FOREIGN KEY ("identification_id") REFERENCES "public"."identifications"("id") ON DELETE no action ON UPDATE no action;