CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer,
	"channel" text NOT NULL,
	"token" text NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_token_unique" UNIQUE("token"),
	CONSTRAINT "alerts_threshold" CHECK (("alerts"."kind" = 'price_below' and "alerts"."threshold" > 0) or ("alerts"."kind" = 'in_stock' and "alerts"."threshold" is null))
);
--> statement-breakpoint
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
CREATE TABLE "order_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_override" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_events" ADD CONSTRAINT "buyback_events_request_id_buyback_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."buyback_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_row_id_payments_id_fk" FOREIGN KEY ("payment_row_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refund_row_id_refunds_id_fk" FOREIGN KEY ("refund_row_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_by_user" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_by_product" ON "alerts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_per_kind" ON "alerts" USING btree ("user_id","product_id","kind","channel");--> statement-breakpoint
CREATE INDEX "buyback_events_by_request" ON "buyback_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "order_notes_by_order" ON "order_notes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_by_order" ON "receipts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_due" ON "receipts" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD CONSTRAINT "buyback_requests_offer_id_buyback_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."buyback_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyback_requests_by_phone" ON "buyback_requests" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "buyback_requests_by_status" ON "buyback_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "buyback_requests" ADD CONSTRAINT "buyback_requests_quantity_positive" CHECK ("buyback_requests"."quantity" >= 1);--> statement-breakpoint
-- Hand-written below (not generated by drizzle-kit): every update of an order raises its version, whoever
-- writes it (the back office, payments, the payment deadline, the CLI), so a staff change made from a page
-- of an older version can be refused.
CREATE OR REPLACE FUNCTION "orders_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_bump_version" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_bump_version"();
