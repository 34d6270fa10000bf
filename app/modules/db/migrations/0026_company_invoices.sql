CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"period_from" text DEFAULT '' NOT NULL,
	"period_to" text DEFAULT '' NOT NULL,
	"payments" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_id" integer NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"payment_number" text NOT NULL,
	"payment_date" text NOT NULL,
	"payer_inn" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_payments_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company" jsonb;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_payments_by_order" ON "statement_payments" USING btree ("order_id");