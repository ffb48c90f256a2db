CREATE TABLE "journal_entries_unsealed" (
	"entry_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entry_hashes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"closed_through" date,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "journal_entry_hashes" ADD CONSTRAINT "journal_entry_hashes_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entry_hashes_entry_key" ON "journal_entry_hashes" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_entries_date_id_idx" ON "journal_entries" USING btree ("entry_date","id");--> statement-breakpoint
CREATE INDEX "journal_entries_type_date_idx" ON "journal_entries" USING btree ("source_type","entry_date");--> statement-breakpoint
INSERT INTO "ledger_settings" ("id", "closed_through") VALUES (1, NULL);--> statement-breakpoint
-- Nothing is posted on or before the closed-through date: the commands refuse it first, the database always.
CREATE FUNCTION ledger_refuse_closed_period() RETURNS trigger AS $$
DECLARE
  closed date;
BEGIN
  SELECT closed_through INTO closed FROM ledger_settings WHERE id = 1;
  IF closed IS NOT NULL AND NEW.entry_date <= closed THEN
    RAISE EXCEPTION 'the books are closed through %: an entry dated % cannot be posted', closed, NEW.entry_date USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_entries_open_period BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_closed_period();--> statement-breakpoint
-- The hash chain is append-only, like the entries it seals.
CREATE TRIGGER journal_entry_hashes_immutable BEFORE UPDATE OR DELETE ON journal_entry_hashes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER journal_entry_hashes_no_truncate BEFORE TRUNCATE ON journal_entry_hashes
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every entry posted waits in journal_entries_unsealed until the sealer chains it; the ones already posted too.
CREATE FUNCTION journal_entry_queue_seal() RETURNS trigger AS $$
BEGIN
  INSERT INTO journal_entries_unsealed (entry_id) SELECT id FROM new_entries;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_entries_queue_seal AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION journal_entry_queue_seal();--> statement-breakpoint
INSERT INTO "journal_entries_unsealed" ("entry_id") SELECT "id" FROM "journal_entries";
