CREATE TABLE "branch_transfers" (
	"from_branch_id" integer NOT NULL,
	"to_branch_id" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "branch_transfers_from_branch_id_to_branch_id_pk" PRIMARY KEY("from_branch_id","to_branch_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_by" date;--> statement-breakpoint
ALTER TABLE "branch_transfers" ADD CONSTRAINT "branch_transfers_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_transfers" ADD CONSTRAINT "branch_transfers_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;