CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"total" integer NOT NULL,
	"prepayment_settled" integer DEFAULT 0 NOT NULL,
	"customer" jsonb NOT NULL,
	"payment_row_id" integer,
	"refund_row_id" integer,
	"provider_payment_id" text,
	"provider_receipt_id" text,
	"idempotence_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_key_unique" UNIQUE("key"),
	CONSTRAINT "receipts_idempotence_key_unique" UNIQUE("idempotence_key")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_override" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_row_id_payments_id_fk" FOREIGN KEY ("payment_row_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refund_row_id_refunds_id_fk" FOREIGN KEY ("refund_row_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_by_order" ON "receipts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_due" ON "receipts" USING btree ("status","next_attempt_at");