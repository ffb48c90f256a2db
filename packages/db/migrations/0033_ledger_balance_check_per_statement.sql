CREATE TABLE "journal_balance_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_ids" text[] NOT NULL
);
--> statement-breakpoint
-- The balance check at commit ran once per entry: a 5,000-debit ACH file (40,000 entries) or a month's run paid
-- 40,000 calls of a function, each with its own query (0.6 s of that file's commit here). The same rule is now
-- checked once per statement that posted entries, over all of them in one query: a statement trigger on
-- journal_entries queues the statement's entry ids in journal_balance_checks, and a deferred check of that row at
-- commit reads their lines through journal_lines_entry_idx (joins by nested loop only: the plan does not depend on
-- statistics) and deletes the row. Lines may only join an entry of their own transaction (migration 0022), so the
-- check at commit still covers every line. Same refusals, same messages, same SQLSTATE.
CREATE OR REPLACE FUNCTION ledger_queue_balance_check() RETURNS trigger AS $$
BEGIN
  INSERT INTO journal_balance_checks (entry_ids) SELECT array_agg(id) FROM new_entries HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_entries_balanced() RETURNS trigger
SET enable_seqscan = off
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  bad_entry text;
  bad_count integer;
  bad_fund text;
BEGIN
  WITH ids AS (SELECT DISTINCT unnest(NEW.entry_ids) AS id),
  per_fund AS (
    SELECT ids.id AS entry_id, l.fund_id, sum(l.debit) AS debits, sum(l.credit) AS credits, count(l.entry_id) AS line_count
    FROM ids LEFT JOIN journal_lines l ON l.entry_id = ids.id
    GROUP BY ids.id, l.fund_id
  ),
  per_entry AS (
    SELECT entry_id, sum(line_count)::integer AS line_count, min(fund_id) FILTER (WHERE debits <> credits) AS off_fund FROM per_fund GROUP BY entry_id
  )
  SELECT entry_id, line_count, off_fund INTO bad_entry, bad_count, bad_fund
  FROM per_entry WHERE line_count < 2 OR off_fund IS NOT NULL ORDER BY entry_id LIMIT 1;
  IF bad_entry IS NOT NULL AND bad_count < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); a posting needs at least two', bad_entry, bad_count USING ERRCODE = 'check_violation';
  END IF;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % is unbalanced in fund %', bad_entry, bad_fund USING ERRCODE = 'check_violation';
  END IF;
  DELETE FROM journal_balance_checks WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER journal_entries_queue_balance_check AFTER INSERT ON journal_entries REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_queue_balance_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_balance_checks_at_commit AFTER INSERT ON journal_balance_checks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entries_balanced();--> statement-breakpoint
DROP TRIGGER journal_entries_balanced ON journal_entries;--> statement-breakpoint
DROP FUNCTION ledger_check_entry_balanced();
