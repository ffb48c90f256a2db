-- The balance check at commit (one call per line and per entry a transaction wrote) looked up the entry's lines
-- twice. Its second query grouped them by fund with a LIMIT, and with the statistics of a fresh or just-restored
-- database (no analyze yet) the planner read them through journal_lines_fund_idx in fund order, filtering on the
-- entry: a walk of the whole index for every line (a 5,000-entry transaction's commit took minutes, growing with
-- the table). The entry's lines are now read once, materialized, by journal_lines_entry_idx (the only access by
-- entry; sequential scans stay off), and counted and summed per fund from there. The rule is unchanged.
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
  WITH lines AS MATERIALIZED (SELECT fund_id, debit, credit FROM journal_lines WHERE entry_id = eid),
  off_balance AS (SELECT fund_id FROM lines GROUP BY fund_id HAVING SUM(debit) <> SUM(credit))
  SELECT (SELECT COUNT(*) FROM lines), (SELECT MIN(fund_id) FROM off_balance) INTO n, unbalanced;
  IF n < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); a posting needs at least two', eid, n USING ERRCODE = 'check_violation';
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % is unbalanced in fund %', eid, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
