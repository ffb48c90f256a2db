CREATE TABLE "ledger_account_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"debit" numeric(16, 2) NOT NULL,
	"credit" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancelled_date" date;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate" numeric(7, 4);--> statement-breakpoint
-- Invoices issued before this migration keep the rate their tax record has today.
UPDATE "invoices" i SET "tax_rate" = t."tax_rate" FROM "tax_rates" t WHERE t."id" = i."tax_rate_id";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "applied_date" date;--> statement-breakpoint
-- Applications made before this migration posted at their payment's date.
UPDATE "payment_invoices" pi SET "applied_date" = p."payment_date" FROM "payments" p WHERE p."id" = pi."payment_id";--> statement-breakpoint
ALTER TABLE "payment_invoices" ALTER COLUMN "applied_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "reversed_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bounced_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
ALTER TABLE "ledger_account_deltas" ADD CONSTRAINT "ledger_account_deltas_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_account_deltas_account_idx" ON "ledger_account_deltas" USING btree ("account_id");--> statement-breakpoint
-- Cancellations posted before this migration: their date is the date of the reversal they posted.
UPDATE "invoices" i SET "cancelled_date" = (SELECT max(e."entry_date") FROM "journal_entries" e WHERE e."source_type" = 'invoice' AND e."source_id" = i."id" AND e."reverses_id" IS NOT NULL) WHERE i."status" = 'cancelled';--> statement-breakpoint
UPDATE "bills" b SET "cancelled_date" = (SELECT max(e."entry_date") FROM "journal_entries" e WHERE e."source_type" = 'bill' AND e."source_id" = b."id" AND e."reverses_id" IS NOT NULL) WHERE b."status" = 'cancelled';--> statement-breakpoint
-- Running totals become append-only deltas: concurrent postings to one account no longer wait on (or deadlock
-- over) a single totals row. This also replaces the trigger of migration 0004 on databases that ran its first,
-- row-level version.
DROP TRIGGER IF EXISTS journal_lines_account_totals ON journal_lines;--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_add_to_account_totals();--> statement-breakpoint
CREATE FUNCTION ledger_append_account_deltas() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_account_deltas (account_id, debit, credit)
    SELECT account_id, sum(debit), sum(credit) FROM new_lines GROUP BY account_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_lines_account_deltas AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_account_deltas();--> statement-breakpoint
-- Rebuilt from the lines themselves, whichever trigger kept them until now.
DELETE FROM "ledger_account_totals";--> statement-breakpoint
INSERT INTO "ledger_account_totals" ("account_id", "debit", "credit")
  SELECT "account_id", sum("debit"), sum("credit") FROM "journal_lines" GROUP BY "account_id";
