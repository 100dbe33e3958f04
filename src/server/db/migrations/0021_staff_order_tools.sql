CREATE TABLE "order_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_actions" ADD COLUMN "object_name" text;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_comments_order_idx" ON "order_comments" USING btree ("order_id","created_at");--> statement-breakpoint
-- ЕНВД (tax system 4) was abolished in 2021 and is no longer offered: a saved 4 falls back to the default.
UPDATE "settings" SET "value" = "value" - 'taxSystemCode' WHERE "key" = 'payment' AND "value"->>'taxSystemCode' = '4';
--> statement-breakpoint
-- «Готов к выдаче» is a status of its own: pickup orders marked «Отправлен» (shown to customers as «Готов к выдаче») take it.
UPDATE "orders" SET "status" = 'ready' WHERE "delivery_method" = 'pickup' AND "status" = 'shipped';
