CREATE TABLE "order_exchange_marks" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sent_version" bigint,
	"confirmed_version" bigint
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_version" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "order_exchange_marks" ADD CONSTRAINT "order_exchange_marks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: every change of an order gives it a new version, whichever code made it (staff,
-- payments, the exchange itself), so the exchange with 1C never misses one (docs/decisions/024).
CREATE FUNCTION "orders_exchange_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."exchange_version" := nextval('orders_exchange_version_seq');
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_exchange_version_bump" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_exchange_version_bump"();
