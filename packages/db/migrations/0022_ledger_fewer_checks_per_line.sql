-- Fewer checks per journal line, the same rules (issue 18: a 5,000-debit ACH file writes some 35,000 entries and
-- 75,000 lines in one transaction; each line paid for work that repeated another's, row by row).
--
-- 1. The lines' foreign keys (entry, account, fund, owner, vendor, property) ran a lookup and a row lock per line
--    and per column: about 300,000 for one such file. They are replaced by the same rule checked once per
--    statement over all the lines it wrote: each referenced row is locked FOR KEY SHARE, as a foreign key locks it
--    (so it cannot be deleted until this transaction ends), and a missing one is refused with the foreign-key
--    error (SQLSTATE 23503, the same "Key (...)=(...) is not present" detail). Deleting a row that lines refer to,
--    or changing its id, is refused after the delete has its lock (so a writer that committed lines meanwhile is
--    seen), with the same error a foreign key gives ("is still referenced from table journal_lines").
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_id_chart_of_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_fund_id_funds_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_owner_id_owners_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_property_id_properties_id_fk";
--> statement-breakpoint
-- 2. journal_lines_owner_idx was the prefix of journal_lines_owner_date_idx, written a second time for every line;
--    the vendor index now holds only vendor lines (bills and their payments), not every owner's line too.
DROP INDEX "journal_lines_owner_idx";--> statement-breakpoint
DROP INDEX "journal_lines_vendor_idx";--> statement-breakpoint
CREATE INDEX "journal_lines_vendor_idx" ON "journal_lines" USING btree ("vendor_id") WHERE "journal_lines"."vendor_id" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_lines_references_exist() RETURNS trigger AS $$
DECLARE
  missing text;
BEGIN
  PERFORM 1 FROM chart_of_accounts WHERE id IN (SELECT DISTINCT account_id FROM new_lines) FOR KEY SHARE;
  SELECT l.account_id INTO missing FROM (SELECT DISTINCT account_id FROM new_lines) l WHERE NOT EXISTS (SELECT 1 FROM chart_of_accounts p WHERE p.id = l.account_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "journal_lines" refers to an account that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (account_id)=(%s) is not present in table "chart_of_accounts".', missing);
  END IF;
  PERFORM 1 FROM funds WHERE id IN (SELECT DISTINCT fund_id FROM new_lines) FOR KEY SHARE;
  SELECT l.fund_id INTO missing FROM (SELECT DISTINCT fund_id FROM new_lines) l WHERE NOT EXISTS (SELECT 1 FROM funds p WHERE p.id = l.fund_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "journal_lines" refers to a fund that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (fund_id)=(%s) is not present in table "funds".', missing);
  END IF;
  PERFORM 1 FROM owners WHERE id IN (SELECT DISTINCT owner_id FROM new_lines WHERE owner_id IS NOT NULL) FOR KEY SHARE;
  SELECT l.owner_id INTO missing FROM (SELECT DISTINCT owner_id FROM new_lines WHERE owner_id IS NOT NULL) l WHERE NOT EXISTS (SELECT 1 FROM owners p WHERE p.id = l.owner_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "journal_lines" refers to an owner that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (owner_id)=(%s) is not present in table "owners".', missing);
  END IF;
  PERFORM 1 FROM vendors WHERE id IN (SELECT DISTINCT vendor_id FROM new_lines WHERE vendor_id IS NOT NULL) FOR KEY SHARE;
  SELECT l.vendor_id INTO missing FROM (SELECT DISTINCT vendor_id FROM new_lines WHERE vendor_id IS NOT NULL) l WHERE NOT EXISTS (SELECT 1 FROM vendors p WHERE p.id = l.vendor_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "journal_lines" refers to a vendor that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (vendor_id)=(%s) is not present in table "vendors".', missing);
  END IF;
  PERFORM 1 FROM properties WHERE id IN (SELECT DISTINCT property_id FROM new_lines WHERE property_id IS NOT NULL) FOR KEY SHARE;
  SELECT l.property_id INTO missing FROM (SELECT DISTINCT property_id FROM new_lines WHERE property_id IS NOT NULL) l WHERE NOT EXISTS (SELECT 1 FROM properties p WHERE p.id = l.property_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "journal_lines" refers to a unit that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (property_id)=(%s) is not present in table "properties".', missing);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_lines_references AFTER INSERT ON journal_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_references_exist();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_lines_refuse_orphans() RETURNS trigger AS $$
DECLARE
  referenced boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM journal_lines WHERE %I = $1)', TG_ARGV[0]) INTO referenced USING OLD.id;
  IF referenced THEN
    RAISE EXCEPTION 'update or delete on table "%" is refused: journal lines refer to it', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (id)=(%s) is still referenced from table "journal_lines".', OLD.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_lines_refer_account AFTER DELETE OR UPDATE OF id ON chart_of_accounts FOR EACH ROW EXECUTE FUNCTION ledger_lines_refuse_orphans('account_id');--> statement-breakpoint
CREATE TRIGGER journal_lines_refer_fund AFTER DELETE OR UPDATE OF id ON funds FOR EACH ROW EXECUTE FUNCTION ledger_lines_refuse_orphans('fund_id');--> statement-breakpoint
CREATE TRIGGER journal_lines_refer_owner AFTER DELETE OR UPDATE OF id ON owners FOR EACH ROW EXECUTE FUNCTION ledger_lines_refuse_orphans('owner_id');--> statement-breakpoint
CREATE TRIGGER journal_lines_refer_vendor AFTER DELETE OR UPDATE OF id ON vendors FOR EACH ROW EXECUTE FUNCTION ledger_lines_refuse_orphans('vendor_id');--> statement-breakpoint
CREATE TRIGGER journal_lines_refer_property AFTER DELETE OR UPDATE OF id ON properties FOR EACH ROW EXECUTE FUNCTION ledger_lines_refuse_orphans('property_id');--> statement-breakpoint
-- 3. The balance check at commit ran once per entry and again once per line of it (three or four times an entry).
--    The per-entry check stays. Lines may only join an entry written by the same transaction (any line added to
--    an earlier entry is refused when its statement runs), so checking each entry once at commit covers every
--    line: an entry's lines are all written in its own transaction, before that check. The transaction that wrote
--    an entry is kept in created_xact (the top-level transaction, also inside a savepoint); entries written before
--    this migration have none, so no line can be added to them either. The column is the database's own: the
--    application's model does not read it, and a backup does not carry it (restored entries are posted again).
ALTER TABLE "journal_entries" ADD COLUMN "created_xact" xid8;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "created_xact" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_lines_join_own_entries() RETURNS trigger AS $$
DECLARE
  eid text;
BEGIN
  SELECT l.entry_id INTO eid FROM new_lines l LEFT JOIN journal_entries e ON e.id = l.entry_id WHERE e.id IS NULL LIMIT 1;
  IF eid IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "journal_lines" refers to a journal entry that does not exist' USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (entry_id)=(%s) is not present in table "journal_entries".', eid);
  END IF;
  SELECT l.entry_id INTO eid FROM new_lines l JOIN journal_entries e ON e.id = l.entry_id
    WHERE e.created_xact IS DISTINCT FROM pg_current_xact_id() LIMIT 1;
  IF eid IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % was posted by an earlier transaction: lines are written with their entry, never added later', eid USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_lines_own_entry AFTER INSERT ON journal_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_join_own_entries();--> statement-breakpoint
DROP TRIGGER journal_lines_balanced ON journal_lines;--> statement-breakpoint
-- 4. The closed-period guard read the ledger settings once per entry; it now reads them once per statement and
--    looks at the statement's entries together (same refusal, naming the earliest entry date in the closed period).
CREATE OR REPLACE FUNCTION ledger_refuse_closed_period_rows() RETURNS trigger AS $$
DECLARE
  closed date;
  first_closed date;
BEGIN
  SELECT closed_through INTO closed FROM ledger_settings WHERE id = 1;
  IF closed IS NOT NULL THEN
    SELECT min(entry_date) INTO first_closed FROM new_entries WHERE entry_date <= closed;
    IF first_closed IS NOT NULL THEN
      RAISE EXCEPTION 'the books are closed through %: an entry dated % cannot be posted', closed, first_closed USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_entries_open_period_rows AFTER INSERT ON journal_entries REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_closed_period_rows();--> statement-breakpoint
DROP TRIGGER journal_entries_open_period ON journal_entries;
