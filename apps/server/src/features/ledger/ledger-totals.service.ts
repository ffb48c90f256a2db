import { sql } from 'drizzle-orm';
import type { Db } from '@covenant/db/client';

/**
 * Folds the appended per-statement deltas into the per-account totals. Only one fold runs at a time (an
 * advisory lock; a second caller simply skips), and it is the only writer of the totals, so postings never
 * wait on a totals row. Balances read totals plus the deltas not yet folded, so a late fold changes no figure.
 */
export async function foldAccountTotals(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const got = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('covenant:ledger_account_totals_fold')) as ok`);
    if (!(got.rows[0] as { ok: boolean }).ok) return 0;
    const folded = await tx.execute(sql`
      with moved as (delete from ledger_account_deltas returning account_id, debit, credit),
      folded as (
        insert into ledger_account_totals (account_id, debit, credit)
          select account_id, sum(debit), sum(credit) from moved group by account_id order by account_id
        on conflict (account_id) do update set debit = ledger_account_totals.debit + excluded.debit, credit = ledger_account_totals.credit + excluded.credit
        returning 1)
      select count(*)::int as n from folded`);
    return (folded.rows[0] as { n: number }).n;
  });
}

/**
 * Runs the ledger's background jobs (the totals fold, the hash-chain sealer) shortly after postings commit
 * (debounced), for each association whose ledger was written, and once at start; close() waits for a running one.
 */
export class AccountTotalsFolder {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly dirty = new Set<Db>();

  constructor(
    private readonly onError: (err: unknown) => void,
    private readonly delayMs = 250,
    private readonly jobs: ReadonlyArray<(db: Db) => Promise<unknown>> = [foldAccountTotals],
  ) {}

  /** An association's ledger was written: its jobs run shortly. */
  schedule(db: Db): void {
    if (this.closed) return;
    this.dirty.add(db);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const due = [...this.dirty];
      this.dirty.clear();
      this.running = this.running.then(async () => {
        for (const d of due) for (const job of this.jobs) await job(d).catch(this.onError);
      });
    }, this.delayMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
