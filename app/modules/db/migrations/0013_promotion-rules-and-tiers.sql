ALTER TABLE "order_lines" ADD COLUMN "base_price" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "rule" jsonb;