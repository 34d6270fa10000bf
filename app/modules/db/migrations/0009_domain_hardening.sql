CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotence_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "refunds_idempotence_key_unique" UNIQUE("idempotence_key")
);
--> statement-breakpoint
ALTER TABLE "buyback_offers" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_offers" ADD CONSTRAINT "buyback_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_order_positive" CHECK ("products"."max_per_order" is null or "products"."max_per_order" >= 1);--> statement-breakpoint
-- One buy-back price per coin (issue 21 item 3): a buy-back line the catalogue sells is linked
-- to its product ("Соболь 3 рубля 1995" is "Соболь 3 рубля 1995 (инвестиционная)"), and the
-- product takes the discount /coin-buyback quoted, so the product page shows the same number.
UPDATE "buyback_offers" AS o SET "product_id" = p."id" FROM "products" AS p
WHERE o."product_id" IS NULL AND o."metal" = p."metal" AND o."pure_grams" = p."pure_grams"
  AND (p."name" = o."name" OR p."name" LIKE o."name" || ' (%');--> statement-breakpoint
UPDATE "products" AS p SET "buyback_discount_percent" = o."discount_percent" FROM "buyback_offers" AS o WHERE o."product_id" = p."id";
