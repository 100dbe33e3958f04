CREATE TABLE "cdek_shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"uuid" text,
	"state" text NOT NULL,
	"error" text,
	"status_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "default_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "default_length_mm" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "default_width_mm" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "default_height_mm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_tariff_code" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_point" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "track_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "cdek_shipments" ADD CONSTRAINT "cdek_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cdek_shipments_uuid_unique" ON "cdek_shipments" USING btree ("uuid");