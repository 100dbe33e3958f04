CREATE TABLE "brand_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"supplier_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer,
	"kind" text NOT NULL,
	"pattern" text NOT NULL,
	"category_id" integer NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"checkpoint" jsonb,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scraped_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"data" jsonb,
	"message" text,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_categories" (
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_categories_supplier_id_name_pk" PRIMARY KEY("supplier_id","name")
);
--> statement-breakpoint
CREATE TABLE "supplier_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer,
	"action" text NOT NULL,
	"product_id" integer,
	"sku" text,
	"supplier_sku" text,
	"name" text,
	"column" text,
	"message" text,
	"price_flagged" boolean DEFAULT false NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"record" jsonb,
	"applied" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" text NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"file_name" text NOT NULL,
	"source_url" text,
	"stored_file" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text,
	"job_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_url" text,
	"schedule_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "unit_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"replacement" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "awaiting_category" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraped_items" ADD CONSTRAINT "scraped_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraped_items" ADD CONSTRAINT "scraped_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_categories" ADD CONSTRAINT "supplier_categories_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_import_rows" ADD CONSTRAINT "supplier_import_rows_import_id_supplier_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."supplier_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD CONSTRAINT "supplier_imports_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD CONSTRAINT "supplier_imports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD CONSTRAINT "supplier_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_rules_supplier_idx" ON "category_rules" USING btree ("supplier_id","kind");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scraped_items_job_idx" ON "scraped_items" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "scraped_items_status_idx" ON "scraped_items" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "supplier_import_rows_import_idx" ON "supplier_import_rows" USING btree ("import_id","action","id");--> statement-breakpoint
CREATE INDEX "supplier_import_rows_product_idx" ON "supplier_import_rows" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "supplier_imports_supplier_idx" ON "supplier_imports" USING btree ("supplier_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_supplier_sku_unique" ON "products" USING btree ("supplier","supplier_sku") WHERE "products"."supplier_sku" is not null;--> statement-breakpoint
-- The shop's two suppliers exist in every database, upgraded or new: products already refer to
-- them by code.
INSERT INTO "suppliers" ("code", "name") VALUES ('DCK', 'DCK'), ('P.I.T', 'P.I.T') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "brand_aliases" ("alias", "supplier_code") VALUES
	('dck', 'DCK'), ('dck tools', 'DCK'), ('дцк', 'DCK'), ('дск', 'DCK'),
	('p.i.t', 'P.I.T'), ('p.i.t.', 'P.I.T'), ('pit', 'P.I.T'), ('p.i.t tools', 'P.I.T'), ('пит', 'P.I.T'), ('п.и.т', 'P.I.T')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "unit_rules" ("pattern", "replacement", "sort_order") VALUES
	('(\d)\s*(?:w|watt|ватт)(?!\p{L})', '$1 Вт', 10),
	('(\d)\s*(?:kw|квт)(?!\p{L})', '$1 кВт', 20),
	('(\d)\s*(?:v|volt|вольт)(?!\p{L})', '$1 В', 30),
	('(\d)\s*(?:rpm|об\.?\s*/\s*мин\.?|об/мин)', '$1 об/мин', 40),
	('(\d)\s*(?:mm|мм\.?)(?!\p{L})', '$1 мм', 50),
	('(\d)\s*(?:ah|а\*?ч|ач)(?!\p{L})', '$1 А·ч', 60),
	('(\d)\s*(?:nm|н\*?м|нм)(?!\p{L})', '$1 Н·м', 70),
	('(\d)\s*(?:kg|кг\.?)(?!\p{L})', '$1 кг', 80);
