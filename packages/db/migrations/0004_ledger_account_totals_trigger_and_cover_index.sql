-- Per-account running totals of journal lines, kept by the database in the posting's own transaction,
-- so the chart of accounts shows ledger balances without summing every line.
INSERT INTO "ledger_account_totals" ("account_id", "debit", "credit")
  SELECT "account_id", sum("debit"), sum("credit") FROM "journal_lines" GROUP BY "account_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_add_to_account_totals() RETURNS trigger AS $$
BEGIN
  -- One upsert per account per statement, however many lines the statement inserted.
  INSERT INTO ledger_account_totals (account_id, debit, credit)
    SELECT account_id, sum(debit), sum(credit) FROM new_lines GROUP BY account_id
  ON CONFLICT (account_id) DO UPDATE SET debit = ledger_account_totals.debit + EXCLUDED.debit, credit = ledger_account_totals.credit + EXCLUDED.credit;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER journal_lines_account_totals AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_add_to_account_totals();
--> statement-breakpoint
-- Aging and account reports read only these columns of one account's lines: an index-only scan.
CREATE INDEX "journal_lines_account_document_cover" ON "journal_lines" ("account_id", "document_id") INCLUDE ("debit", "credit", "entry_date", "document_type");
