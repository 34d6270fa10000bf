CREATE TABLE "exchange_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_version" integer NOT NULL,
	"sent_session_id" integer,
	"taken_version" integer,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_orders_by_session" ON "exchange_orders" USING btree ("sent_session_id");