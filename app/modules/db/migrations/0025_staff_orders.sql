ALTER TABLE "orders" ADD COLUMN "taken_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_taken_by_staff_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" is null or "orders"."channel" in ('phone', 'messenger', 'office'));