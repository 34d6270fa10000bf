CREATE TABLE "list_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"owner" text NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_items_quantity_positive" CHECK ("list_items"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "list_items_owner_product" ON "list_items" USING btree ("list","owner","product_id");