CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"working_hours" text NOT NULL,
	"pickup" boolean DEFAULT true NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_product_id_branch_id_pk" PRIMARY KEY("product_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_branch_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_branch_id" integer;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_branch_idx" ON "product_stock" USING btree ("branch_id","product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_branch_id_branches_id_fk" FOREIGN KEY ("stock_branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_branch_id_branches_id_fk" FOREIGN KEY ("pickup_branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pickup_branch_idx" ON "orders" USING btree ("pickup_branch_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: the five branches (the head office first), and the stock kept so far moves to it.
INSERT INTO "branches" ("slug", "city", "address", "phone", "working_hours", "pickup", "latitude", "longitude", "sort_order") VALUES
	('volgograd', 'Волгоград', 'г. Волгоград, ул. Промышленная, д. 12', '+7 (8442) 50-37-12', 'Пн–Пт 8:00–18:00, Сб–Вс выходной', true, 48.7080, 44.5133, 1),
	('rostov-na-donu', 'Ростов-на-Дону', 'г. Ростов-на-Дону, ул. Доватора, д. 150, стр. 2', '+7 (863) 310-45-27', 'Пн–Пт 8:30–18:00, Сб–Вс выходной', true, 47.2357, 39.7015, 2),
	('sankt-peterburg', 'Санкт-Петербург', 'г. Санкт-Петербург, ул. Салова, д. 27, лит. А', '+7 (812) 409-18-63', 'Пн–Пт 9:00–18:00, Сб–Вс выходной', true, 59.8944, 30.3756, 3),
	('novorossiysk', 'Новороссийск', 'г. Новороссийск, Сухумское шоссе, д. 35', '+7 (8617) 30-52-84', 'Пн–Пт 8:00–17:00, Сб–Вс выходной', true, 44.7239, 37.7686, 4),
	('mariupol', 'Мариуполь', 'г. Мариуполь, пр-т Металлургов, д. 54', '+7 (949) 512-40-36', 'Пн–Пт 8:00–17:00, Сб–Вс выходной', true, 47.0971, 37.5434, 5)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "product_stock" ("product_id", "branch_id", "quantity")
SELECT p."id", b."id", p."stock" FROM "products" p CROSS JOIN "branches" b
WHERE b."slug" = 'volgograd' AND p."stock" IS NOT NULL AND p."stock" > 0;
