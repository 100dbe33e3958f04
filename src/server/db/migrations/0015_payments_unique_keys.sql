ALTER TABLE "order_status_history" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "idempotence_key" text;--> statement-breakpoint
-- Refunds made before keep the key they were sent with.
UPDATE "payment_refunds" SET "idempotence_key" = 'refund-' || "id";--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "idempotence_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_idempotence_key_unique" UNIQUE("idempotence_key");
