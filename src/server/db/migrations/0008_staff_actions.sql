CREATE TABLE "staff_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"kind" text NOT NULL,
	"object_id" text,
	"before" jsonb,
	"after" jsonb,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_actions_created_idx" ON "staff_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_actions_user_idx" ON "staff_actions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_actions_kind_idx" ON "staff_actions" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: the staff action log is never edited (docs/decisions/017). An UPDATE is refused,
-- except the foreign key's own ON DELETE SET NULL when a user is deleted (the row keeps the
-- username); a DELETE is refused for rows younger than 400 days, so nobody, not even the shop's
-- own code, can wipe a recent trace. TRUNCATE stays possible: restoring a backup replaces every table.
CREATE FUNCTION "staff_actions_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW."user_id" IS NULL AND OLD."user_id" IS NOT NULL AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id') THEN
			RETURN NEW;
		END IF;
		RAISE EXCEPTION 'staff_actions: entries of the staff action log cannot be changed' USING ERRCODE = 'insufficient_privilege';
	END IF;
	IF OLD."created_at" > now() - interval '400 days' THEN
		RAISE EXCEPTION 'staff_actions: entries younger than 400 days cannot be deleted' USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_actions_guard" BEFORE UPDATE OR DELETE ON "staff_actions" FOR EACH ROW EXECUTE FUNCTION "staff_actions_guard"();
