CREATE TABLE "launch_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sales_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "issue_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expected_price" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "buyer_cap" integer;--> statement-breakpoint
ALTER TABLE "launch_subscriptions" ADD CONSTRAINT "launch_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_subscriptions" ADD CONSTRAINT "launch_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_subscriptions_once" ON "launch_subscriptions" USING btree ("product_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "launch_subscriptions_due" ON "launch_subscriptions" USING btree ("product_id","notified_at");--> statement-breakpoint
CREATE INDEX "products_sales_open_at" ON "products" USING btree ("sales_open_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_buyer_cap_positive" CHECK ("products"."buyer_cap" is null or "products"."buyer_cap" >= 1);