ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "manual" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_manual_or_payment" CHECK (("refunds"."provider" = 'manual') = ("refunds"."payment_id" is null and "refunds"."manual" is not null));