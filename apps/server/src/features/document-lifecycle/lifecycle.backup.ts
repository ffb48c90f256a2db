import { isNotNull } from 'drizzle-orm';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import type { IdMaps } from '../../platform/backup/backup-step.ts';
import { str } from '../../platform/backup/contract-step.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { controlAccountIds, systemAccounts } from '../accounts/accounts.service.ts';
import { splitByFund, type FundAmount } from '../ledger/posting.rules.ts';

/** What the documents' backup steps (invoices, payments, bills) share when they restore a file. */

/** Groups lines by their document's old id, refusing a line whose document is not in the file. */
export function linesByDocument(lines: Row[], field: string, documentIds: Set<string>, collection: string, label: string): Map<string, Array<{ raw: Row; where: string }>> {
  const out = new Map<string, Array<{ raw: Row; where: string }>>();
  lines.forEach((raw, i) => {
    const where = `${collection} #${i + 1} (${label})`;
    const doc = str(raw[field]);
    if (!documentIds.has(doc)) throw new ValidationError(`Backup ${where}: ${field} ${doc} does not match any ${field.replace('_id', '')} in the file`);
    const list = out.get(doc) ?? [];
    list.push({ raw, where });
    out.set(doc, list);
  });
  for (const list of out.values()) list.sort((a, b) => Number(a.raw.line_no ?? 0) - Number(b.raw.line_no ?? 0));
  return out;
}

/** The accounts a document line may not post to: the control accounts, except Opening Balance Equity, which documents of an opening-balance import may. */
export async function documentControlAccounts(tx: Ctx): Promise<Set<string>> {
  const openingBalances = (await systemAccounts(tx)).opening_balances;
  return new Set([...(await controlAccountIds(tx))].filter((id) => id !== openingBalances));
}

/** Bank accounts (accounts that belong to a fund) and their funds, once the file's accounts are in. */
export async function bankFunds(tx: Ctx): Promise<Map<string, string>> {
  const rows = await tx.db.select({ id: chartOfAccounts.id, fund_id: chartOfAccounts.fund_id }).from(chartOfAccounts).where(isNotNull(chartOfAccounts.fund_id));
  return new Map(rows.map((r) => [r.id, r.fund_id!]));
}

/**
 * How a restored payment was split across its document's funds: the file's own split (its funds remapped; it
 * must add up to the amount and go only to funds the document owes, none past what it owes), or for a file
 * from before funds the rule's split of what is still owed.
 */
export function fundSplitOf(raw: unknown, ids: IdMaps, cents: number, owed: readonly FundAmount[], applied: ReadonlyMap<string, number>): FundAmount[] {
  const open = owed.map((o) => ({ fund_id: o.fund_id, cents: o.cents - (applied.get(o.fund_id) ?? 0) }));
  if (raw === undefined || raw === null) {
    try {
      return splitByFund(cents, open);
    } catch {
      throw new ConflictError('the amount is more than the document still owes', 'over_balance');
    }
  }
  if (!Array.isArray(raw)) throw new ValidationError('fund_split must be a list of {fund_id, cents}');
  const split = raw.map((part: unknown) => {
    const p = part as { fund_id?: unknown; cents?: unknown };
    const fund = ids.of('funds').get(str(p.fund_id));
    if (!fund) throw new ValidationError(`fund_split names fund ${str(p.fund_id)}, which is not in the file`);
    if (!Number.isInteger(p.cents) || (p.cents as number) <= 0) throw new ValidationError('fund_split amounts must be whole cents above zero');
    return { fund_id: fund, cents: p.cents as number };
  });
  if (split.reduce((s, p) => s + p.cents, 0) !== cents) throw new ValidationError('fund_split does not add up to the amount');
  for (const part of split) {
    const owes = owed.find((o) => o.fund_id === part.fund_id);
    if (!owes || part.cents > owes.cents) throw new ConflictError('fund_split gives a fund more than the document owes it', 'over_balance');
  }
  return split;
}
