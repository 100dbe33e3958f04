CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_type_id" text,
	"discount_percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"price_type_id" text NOT NULL,
	"price_kopecks" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_product_id_price_type_id_pk" PRIMARY KEY("product_id","price_type_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_group_id" integer;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_lower_unique" ON "customer_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_prices_type_idx" ON "product_prices" USING btree ("price_type_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_group_id_customer_groups_id_fk" FOREIGN KEY ("customer_group_id") REFERENCES "public"."customer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_customer_group_idx" ON "users" USING btree ("customer_group_id");