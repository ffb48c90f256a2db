-- The balance check runs at commit for every line and entry a transaction wrote. With statistics taken while
-- journal_lines was small (a fresh or restored database, or before autovacuum's next analyze), the planner chose
-- a sequential scan for its lookup by entry, so a run that posts thousands of entries in one transaction read
-- the whole table once per line. The lookup always goes through journal_lines_entry_idx now; the rule is unchanged.
CREATE OR REPLACE FUNCTION ledger_check_entry_balanced() RETURNS trigger
SET enable_seqscan = off
AS $$
DECLARE
  eid text;
  n integer;
  unbalanced text;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    eid := NEW.id;
  ELSE
    eid := NEW.entry_id;
  END IF;
  SELECT COUNT(*) INTO n FROM journal_lines WHERE entry_id = eid;
  IF n < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); a posting needs at least two', eid, n USING ERRCODE = 'check_violation';
  END IF;
  SELECT fund_id INTO unbalanced FROM journal_lines WHERE entry_id = eid GROUP BY fund_id HAVING SUM(debit) <> SUM(credit) LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % is unbalanced in fund %', eid, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
