import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalEntry, chainHash, firstBrokenLink, sealAll, type ChainEntry } from './hash-chain.rules.ts';

const line = (n: number, debit: number, credit: number, memo: string | null = null) => ({
  line_no: n, account_id: n === 1 ? 'cash' : 'dues', fund_id: 'OP', debit_cents: debit, credit_cents: credit, owner_id: 'o1', vendor_id: null, property_id: null, document_type: 'invoice', document_id: 'inv1', memo,
});
const entry = (id: string, cents = 25000): ChainEntry => ({ id, entry_date: '2026-03-01', memo: `Invoice ${id}`, source_type: 'invoice', source_id: 'inv1', reverses_id: null, created_by: 'a@b.c', lines: [line(1, cents, 0), line(2, 0, cents)] });

describe('hash chain', () => {
  it('is SHA-256 hex over the previous hash and the canonical entry, deterministic', () => {
    const h = chainHash(GENESIS_HASH, entry('e1'));
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(GENESIS_HASH, entry('e1'))).toBe(h);
    expect(chainHash(h, entry('e1'))).not.toBe(h);
  });

  it('the canonical form ignores line order as given but not any field', () => {
    const e = entry('e1');
    expect(canonicalEntry({ ...e, lines: [...e.lines].reverse() })).toBe(canonicalEntry(e));
    const variants: ChainEntry[] = [
      { ...e, entry_date: '2026-03-02' }, { ...e, memo: 'x' }, { ...e, source_type: 'bill' }, { ...e, source_id: 'inv2' }, { ...e, reverses_id: 'e0' }, { ...e, created_by: null },
      { ...e, lines: [line(1, 25001, 0), line(2, 0, 25001)] }, { ...e, lines: [line(1, 25000, 0, 'memo'), line(2, 0, 25000)] },
      { ...e, lines: [{ ...line(1, 25000, 0), fund_id: 'RES' }, line(2, 0, 25000)] }, { ...e, lines: [{ ...line(1, 25000, 0), owner_id: 'o2' }, line(2, 0, 25000)] },
      { ...e, lines: [line(1, 25000, 0)] },
    ];
    const base = chainHash(GENESIS_HASH, e);
    for (const v of variants) expect(chainHash(GENESIS_HASH, v), JSON.stringify(v)).not.toBe(base);
    // null and the string "null" differ.
    expect(canonicalEntry({ ...e, memo: null })).not.toBe(canonicalEntry({ ...e, memo: 'null' }));
  });

  it('sealAll links each hash to the one before it', () => {
    const rows = sealAll(GENESIS_HASH, [entry('e1'), entry('e2'), entry('e3')]);
    expect(rows.map((r) => r.prev_hash)).toEqual([GENESIS_HASH, rows[0]!.hash, rows[1]!.hash]);
    expect(rows[2]!.hash).toBe(chainHash(chainHash(chainHash(GENESIS_HASH, entry('e1')), entry('e2')), entry('e3')));
    // Continuing a chain in batches gives the same hashes as one batch.
    const first = sealAll(GENESIS_HASH, [entry('e1')]);
    expect([...first, ...sealAll(first[0]!.hash, [entry('e2'), entry('e3')])]).toEqual(rows);
  });

  it('firstBrokenLink finds a changed entry, a missing one, a reordered or forged link', () => {
    const entries = [entry('e1'), entry('e2'), entry('e3'), entry('e4')];
    const rows = sealAll(GENESIS_HASH, entries);
    const links = rows.map((r, i) => ({ ...r, entry: entries[i] }));
    expect(firstBrokenLink(GENESIS_HASH, links)).toBeNull();
    expect(firstBrokenLink(GENESIS_HASH, [])).toBeNull();
    const changed = links.map((l, i) => (i === 2 ? { ...l, entry: entry('e3', 25100) } : l));
    expect(firstBrokenLink(GENESIS_HASH, changed)).toEqual({ entry_id: 'e3', reason: 'its content changed after it was sealed' });
    const missing = links.map((l, i) => (i === 1 ? { ...l, entry: undefined } : l));
    expect(firstBrokenLink(GENESIS_HASH, missing)).toEqual({ entry_id: 'e2', reason: 'the entry is missing' });
    const swapped = [links[0]!, links[2]!, links[1]!, links[3]!];
    expect(firstBrokenLink(GENESIS_HASH, swapped)?.entry_id).toBe('e3');
    const dropped = [links[0]!, links[2]!, links[3]!];
    expect(firstBrokenLink(GENESIS_HASH, dropped)).toEqual({ entry_id: 'e3', reason: 'its link to the previous entry does not match' });
    // Rewriting an entry and its own hash still breaks the next link.
    const rehashed = links.map((l, i) => (i === 1 ? { ...l, entry: entry('e2', 1), hash: chainHash(l.prev_hash, entry('e2', 1)) } : l));
    expect(firstBrokenLink(GENESIS_HASH, rehashed)?.entry_id).toBe('e3');
  });
});
