import { createHash } from 'node:crypto';

/**
 * The ledger's hash chain, without I/O: each sealed entry's SHA-256 covers its own content and the hash of the
 * entry sealed before it, so changing, removing or reordering any sealed entry breaks every hash after it.
 */

/** The previous hash of the first entry ever sealed. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainLine {
  line_no: number;
  account_id: string;
  fund_id: string;
  debit_cents: number;
  credit_cents: number;
  owner_id: string | null;
  vendor_id: string | null;
  property_id: string | null;
  document_type: string | null;
  document_id: string | null;
  memo: string | null;
}

export interface ChainEntry {
  id: string;
  entry_date: string;
  memo: string | null;
  source_type: string;
  source_id: string | null;
  reverses_id: string | null;
  created_by: string | null;
  lines: readonly ChainLine[];
}

/** The entry as one string with a fixed field order (amounts as integer cents), the bytes that are hashed. */
export function canonicalEntry(e: ChainEntry): string {
  const lines = [...e.lines]
    .sort((a, b) => a.line_no - b.line_no)
    .map((l) => [l.line_no, l.account_id, l.fund_id, l.debit_cents, l.credit_cents, l.owner_id, l.vendor_id, l.property_id, l.document_type, l.document_id, l.memo]);
  return JSON.stringify([e.id, e.entry_date, e.memo, e.source_type, e.source_id, e.reverses_id, e.created_by, lines]);
}

export function chainHash(prevHash: string, e: ChainEntry): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalEntry(e)).digest('hex');
}

/** Hashes for entries sealed in this order after `prevHash`. */
export function sealAll(prevHash: string, entries: readonly ChainEntry[]): Array<{ entry_id: string; prev_hash: string; hash: string }> {
  let prev = prevHash;
  return entries.map((e) => {
    const hash = chainHash(prev, e);
    const row = { entry_id: e.id, prev_hash: prev, hash };
    prev = hash;
    return row;
  });
}

export interface SealedLink {
  entry_id: string;
  prev_hash: string;
  hash: string;
  /** The entry as it reads now; missing when the entry itself is gone. */
  entry: ChainEntry | undefined;
}

/**
 * Checks sealed links in order after `prevHash`: each must point at the hash before it and hash the entry as it
 * reads now. Answers the first link that does not (its entry id), or null.
 */
export function firstBrokenLink(prevHash: string, links: readonly SealedLink[]): { entry_id: string; reason: string } | null {
  let prev = prevHash;
  for (const l of links) {
    if (l.prev_hash !== prev) return { entry_id: l.entry_id, reason: 'its link to the previous entry does not match' };
    if (!l.entry) return { entry_id: l.entry_id, reason: 'the entry is missing' };
    if (chainHash(prev, l.entry) !== l.hash) return { entry_id: l.entry_id, reason: 'its content changed after it was sealed' };
    prev = l.hash;
  }
  return null;
}
