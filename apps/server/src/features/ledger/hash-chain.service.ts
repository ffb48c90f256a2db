import { asc, desc, gt, sql } from 'drizzle-orm';
import { insertRows } from '../../lib/bulk-insert.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { toCents } from '@covenant/contracts/money';
import type { Db } from '@covenant/db/client';
import { journalEntries, journalEntryHashes, journalEntriesUnsealed, journalLines } from '@covenant/db/schema/ledger';
import { GENESIS_HASH, firstBrokenLink, sealAll, type ChainEntry } from './hash-chain.rules.ts';

/**
 * Seals posted entries into the hash chain (journal_entry_hashes, append-only) and verifies it. Posting stays
 * fast: a trigger queues each new entry, and one sealer at a time (an advisory lock) takes the queue in batches,
 * in the order the entries were queued (posted), and appends their hashes.
 */

const BATCH = 1000;
type Reader = Pick<Db, 'select'>;

/** Entries as they read now, with their lines, for hashing. */
async function chainEntries(db: Reader, ids: readonly string[]): Promise<Map<string, ChainEntry>> {
  const out = new Map<string, ChainEntry>();
  if (ids.length === 0) return out;
  // The ids as one array parameter, not a parameter each (a batch is a thousand entries).
  const idList = sql`any(${pgArray(ids)}::text[])`;
  const je = journalEntries;
  const jl = journalLines;
  const entries = await db
    .select({ id: je.id, entry_date: je.entry_date, memo: je.memo, source_type: je.source_type, source_id: je.source_id, reverses_id: je.reverses_id, created_by: je.created_by })
    .from(je).where(sql`${je.id} = ${idList}`);
  // The columns the hash covers, not every column of a line.
  const lines = await db
    .select({
      entry_id: jl.entry_id, line_no: jl.line_no, account_id: jl.account_id, fund_id: jl.fund_id, debit: jl.debit, credit: jl.credit, owner_id: jl.owner_id,
      vendor_id: jl.vendor_id, property_id: jl.property_id, document_type: jl.document_type, document_id: jl.document_id, memo: jl.memo,
    })
    .from(jl).where(sql`${jl.entry_id} = ${idList}`).orderBy(asc(jl.entry_id), asc(jl.line_no));
  for (const e of entries) out.set(e.id, { ...e, lines: [] });
  for (const l of lines) {
    (out.get(l.entry_id)?.lines as ChainEntry['lines'][number][] | undefined)?.push({
      line_no: l.line_no, account_id: l.account_id, fund_id: l.fund_id, debit_cents: toCents(l.debit), credit_cents: toCents(l.credit),
      owner_id: l.owner_id, vendor_id: l.vendor_id, property_id: l.property_id, document_type: l.document_type, document_id: l.document_id, memo: l.memo,
    });
  }
  return out;
}

/**
 * Seals every queued entry (in batches); answers how many. The background sealer skips while another caller seals
 * (`wait` false); a reader that needs everything sealed before it looks (verify, export) waits for that caller
 * instead, so it never counts entries another transaction is sealing as unsealed.
 */
export async function sealJournal(db: Db, { wait = false }: { wait?: boolean } = {}): Promise<number> {
  let sealed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      if (wait) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('covenant:journal_hash_chain'))`);
      } else {
        const got = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('covenant:journal_hash_chain')) as ok`);
        if (!(got.rows[0] as { ok: boolean }).ok) return 0;
      }
      const queued = await tx.select({ entry_id: journalEntriesUnsealed.entry_id }).from(journalEntriesUnsealed).orderBy(asc(journalEntriesUnsealed.seq)).limit(BATCH);
      const ids = queued.map((r) => r.entry_id);
      if (ids.length === 0) return 0;
      const [last] = await tx.select({ hash: journalEntryHashes.hash }).from(journalEntryHashes).orderBy(desc(journalEntryHashes.seq)).limit(1);
      const entries = await chainEntries(tx, ids);
      const rows = sealAll(last?.hash ?? GENESIS_HASH, ids.map((id) => entries.get(id)!));
      await insertRows(tx, journalEntryHashes, rows);
      await tx.delete(journalEntriesUnsealed).where(sql`${journalEntriesUnsealed.entry_id} = any(${pgArray(ids)}::text[])`);
      return ids.length;
    });
    sealed += n;
    if (n < BATCH) return sealed;
  }
}

export interface ChainReport {
  ok: boolean;
  /** Sealed entries checked. */
  entries: number;
  /** Entries posted and not sealed yet (the sealer runs shortly after posting). */
  unsealed: number;
  /** The first entry whose hash no longer matches (changed, missing, or out of its place), or null. */
  first_broken: string | null;
  reason?: string;
}

/** Walks the chain in sealing order, re-hashing every entry as it reads now. */
export async function verifyJournal(db: Reader): Promise<ChainReport> {
  let prev = GENESIS_HASH;
  let afterSeq = 0;
  let checked = 0;
  for (;;) {
    const links = await db.select().from(journalEntryHashes).where(gt(journalEntryHashes.seq, afterSeq)).orderBy(asc(journalEntryHashes.seq)).limit(BATCH);
    if (links.length === 0) break;
    const entries = await chainEntries(db, links.map((l) => l.entry_id));
    const broken = firstBrokenLink(prev, links.map((l) => ({ entry_id: l.entry_id, prev_hash: l.prev_hash, hash: l.hash, entry: entries.get(l.entry_id) })));
    if (broken) {
      const index = links.findIndex((l) => l.entry_id === broken.entry_id);
      return { ok: false, entries: checked + index, unsealed: await unsealedCount(db), first_broken: broken.entry_id, reason: broken.reason };
    }
    checked += links.length;
    prev = links.at(-1)!.hash;
    afterSeq = links.at(-1)!.seq;
  }
  return { ok: true, entries: checked, unsealed: await unsealedCount(db), first_broken: null };
}

async function unsealedCount(db: Reader): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(journalEntriesUnsealed);
  return Number(row?.n ?? 0);
}
