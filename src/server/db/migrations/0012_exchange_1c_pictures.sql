CREATE TABLE "exchange_1c_pictures" (
	"sha256" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
