import { netByFund } from '@covenant/contracts/journal';
import { centsToDecimal } from '@covenant/contracts/money';
import { ValidationError } from '../../lib/errors.ts';
import { isBalanced, type PostingLine } from '../ledger/posting.rules.ts';

/**
 * Rules of manual journal entries and opening balances, without I/O: which lines an entry may have, and when an
 * opening-balance file ties out (its owners and vendors agree with its receivables, credits and payables).
 */

export interface JournalLineCents {
  account_id: string;
  fund_id: string;
  debit: number;
  credit: number;
  memo?: string | null | undefined;
}

/** Control accounts that only documents move (receivables, payables, prepayments, due to/from, opening). */
export function assertJournalLines(
  lines: readonly JournalLineCents[],
  documentOnlyAccounts: ReadonlySet<string>,
  accountName: (id: string) => string,
  fundName: (id: string) => string = (id) => id,
): PostingLine[] {
  if (lines.length < 2) throw new ValidationError('A journal entry needs at least two lines');
  lines.forEach((l, i) => {
    const where = `Line ${i + 1}`;
    if ((l.debit > 0) === (l.credit > 0)) throw new ValidationError(`${where}: enter either a debit or a credit`);
    if (documentOnlyAccounts.has(l.account_id)) {
      throw new ValidationError(`${where}: ${accountName(l.account_id)} changes only through invoices, payments and bills, never by a journal entry`);
    }
  });
  const posting: PostingLine[] = lines.map((l) => ({ account_id: l.account_id, fund_id: l.fund_id, debit: l.debit, credit: l.credit, document_type: 'journal', document_id: null, memo: l.memo ?? null }));
  if (!isBalanced(posting)) {
    const off = [...netByFund(lines)].filter(([, n]) => n !== 0).map(([f, n]) => `${fundName(f)}: ${n > 0 ? 'debits exceed credits' : 'credits exceed debits'} by ${centsToDecimal(Math.abs(n))}`);
    throw new ValidationError(`The entry must balance within each fund (${off.join('; ')})`);
  }
  return posting;
}

export interface OpeningFile {
  accounts: readonly JournalLineCents[];
  owners: ReadonlyArray<{ owner_id: string; cents: number }>;
  vendors: ReadonlyArray<{ vendor_id: string; cents: number }>;
}

export interface TieOut {
  receivablesCents: number;
  ownerChargesCents: number;
  prepaymentsCents: number;
  ownerCreditsCents: number;
  payablesCents: number;
  vendorsCents: number;
  fundsBalanced: boolean;
  problems: string[];
}

/**
 * Whether an opening-balance file ties out: the owners' charges equal the receivables line, their credits the
 * owner prepayments line, the vendors the payables line, and every fund balances; also which ones do not.
 */
export function openingTieOut(file: OpeningFile, acc: { accounts_receivable: string; owner_prepayments: string; accounts_payable: string }, operatingFund: string): TieOut {
  const net = (account: string, sign: 1 | -1) => file.accounts.filter((l) => l.account_id === account).reduce((s, l) => s + sign * (l.debit - l.credit), 0);
  const receivablesCents = net(acc.accounts_receivable, 1);
  const prepaymentsCents = net(acc.owner_prepayments, -1);
  const payablesCents = net(acc.accounts_payable, -1);
  const ownerChargesCents = file.owners.filter((o) => o.cents > 0).reduce((s, o) => s + o.cents, 0);
  const ownerCreditsCents = -file.owners.filter((o) => o.cents < 0).reduce((s, o) => s + o.cents, 0);
  const vendorsCents = file.vendors.reduce((s, v) => s + v.cents, 0);
  const fundsBalanced = isBalanced(file.accounts.map((l) => ({ ...l })));
  const problems: string[] = [];
  const money = (c: number) => centsToDecimal(c);
  if (ownerChargesCents !== receivablesCents) problems.push(`Owners' balances owed (${money(ownerChargesCents)}) must equal the Accounts Receivable line (${money(receivablesCents)})`);
  if (ownerCreditsCents !== prepaymentsCents) problems.push(`Owners' credits (${money(ownerCreditsCents)}) must equal the Owner Prepayments line (${money(prepaymentsCents)})`);
  if (vendorsCents !== payablesCents) problems.push(`Vendors' balances (${money(vendorsCents)}) must equal the Accounts Payable line (${money(payablesCents)})`);
  if (!fundsBalanced) problems.push('Debits must equal credits within each fund');
  const controlInOtherFund = file.accounts.some((l) => [acc.accounts_receivable, acc.owner_prepayments, acc.accounts_payable].includes(l.account_id) && l.fund_id !== operatingFund);
  if (controlInOtherFund) problems.push('Receivables, owner prepayments and payables open in the Operating fund');
  file.accounts.forEach((l, i) => {
    if ((l.debit > 0) === (l.credit > 0)) problems.push(`Account line ${i + 1}: enter either a debit or a credit`);
  });
  return { receivablesCents, ownerChargesCents, prepaymentsCents, ownerCreditsCents, payablesCents, vendorsCents, fundsBalanced, problems };
}
