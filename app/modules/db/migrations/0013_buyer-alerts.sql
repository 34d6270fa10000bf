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
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_by_user" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_by_product" ON "alerts" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_per_kind" ON "alerts" USING btree ("user_id","product_id","kind","channel");