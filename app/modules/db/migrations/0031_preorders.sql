CREATE TABLE "preorders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"place_told_at" timestamp with time zone,
	"served_at" timestamp with time zone,
	"order_id" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "preorders_quantity_positive" CHECK ("preorders"."quantity" >= 1),
	CONSTRAINT "preorders_status_known" CHECK ("preorders"."status" in ('waiting', 'served', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorders_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preorders_one_waiting" ON "preorders" USING btree ("product_id","user_id") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "preorders_line" ON "preorders" USING btree ("product_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "preorders_of_buyer" ON "preorders" USING btree ("user_id");