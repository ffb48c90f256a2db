import { netByFund } from '@covenant/contracts/journal';

/**
 * Posting rules: each document turned into the journal lines it posts, pure and in integer cents. Fund
 * accounting: every line names a fund, and every entry balances within each fund. Money that one fund's bank
 * account receives or pays for another fund is recorded as due-to (a liability of the fund holding the money)
 * and due-from (an asset of the fund it belongs to).
 */

/** The accounts the postings need, by system key. */
export interface SystemAccounts {
  cash: string;
  accounts_receivable: string;
  owner_prepayments: string;
  accounts_payable: string;
  sales_tax_payable: string;
  fund_balance: string;
  assessment_income: string;
  late_fee_income: string;
  tax_expense: string;
  reserve_cash: string;
  due_from_funds: string;
  due_to_funds: string;
  interfund_transfers: string;
  /** Clears opening owner and vendor balances against the opening entry (nets to zero once imported). */
  opening_balances: string;
}

/** The seeded funds, by system key. */
export interface SystemFunds {
  operating: string;
  reserve: string;
}

/** Accounts that change only through documents (invoices, payments, bills), never as a line's own account. */
export const CONTROL_ACCOUNT_KEYS = ['cash', 'reserve_cash', 'accounts_receivable', 'accounts_payable', 'owner_prepayments', 'due_from_funds', 'due_to_funds', 'opening_balances'] as const satisfies ReadonlyArray<keyof SystemAccounts>;

export interface PostingLine {
  account_id: string;
  fund_id: string;
  debit: number;
  credit: number;
  owner_id?: string | null;
  vendor_id?: string | null;
  property_id?: string | null;
  document_type?: 'invoice' | 'payment' | 'bill' | 'journal' | 'closing' | null;
  document_id?: string | null;
  /** A manual journal entry's line note (kept through compact). */
  memo?: string | null;
}

/** Drops zero lines and merges lines with the same account, fund and references; amounts are integer cents. */
export function compact(lines: readonly PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const l of lines) {
    const net = l.debit - l.credit;
    if (net === 0) continue;
    const key = [l.account_id, l.fund_id, l.owner_id ?? '', l.vendor_id ?? '', l.property_id ?? '', l.document_type ?? '', l.document_id ?? '', l.memo ?? ''].join('|');
    const prev = merged.get(key);
    const total = (prev ? prev.debit - prev.credit : 0) + net;
    merged.set(key, { ...l, debit: Math.max(total, 0), credit: Math.max(-total, 0) });
  }
  return [...merged.values()].filter((l) => l.debit !== l.credit);
}

/** Debits equal credits within every fund (so also overall). */
export function isBalanced(lines: readonly PostingLine[]): boolean {
  return [...netByFund(lines).values()].every((n) => n === 0);
}

/** Swaps debits and credits: the entry that undoes another. */
export function reversed(lines: readonly PostingLine[]): PostingLine[] {
  return lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}

export interface FundAmount {
  fund_id: string;
  cents: number;
}

/**
 * Splits an amount across funds in proportion to what each is owed, each part at most its own open amount:
 * largest remainder for the odd cents, ties to the fund listed first. Paying everything clears every fund.
 */
export function splitByFund(cents: number, open: readonly FundAmount[]): FundAmount[] {
  const owed = open.filter((o) => o.cents > 0);
  const total = owed.reduce((s, o) => s + o.cents, 0);
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError('Amount must be a non-negative number of cents');
  if (cents > total) throw new RangeError(`Cannot split ${cents} cents over ${total} cents owed`);
  if (cents === 0 || total === 0) return [];
  const shares = owed.map((o, i) => {
    const exact = BigInt(cents) * BigInt(o.cents);
    return { i, fund_id: o.fund_id, cents: Number(exact / BigInt(total)), rest: exact % BigInt(total), cap: o.cents };
  });
  let left = cents - shares.reduce((s, x) => s + x.cents, 0);
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))) {
    if (left === 0) break;
    if (s.cents < s.cap) {
      s.cents++;
      left--;
    }
  }
  return shares.filter((s) => s.cents > 0).map(({ fund_id, cents: c }) => ({ fund_id, cents: c }));
}

export interface InvoicePostingInput {
  id: string;
  owner_id: string;
  property_id?: string | null;
  lines: ReadonlyArray<{ account_id: string | null; fund_id: string; cents: number }>;
  taxCents: number;
}

/** What an invoice is owed per fund: its lines by fund, and the sales tax in the operating fund. */
export function receivableByFund(inv: Pick<InvoicePostingInput, 'lines' | 'taxCents'>, funds: SystemFunds): FundAmount[] {
  const byFund = new Map<string, number>();
  for (const l of inv.lines) byFund.set(l.fund_id, (byFund.get(l.fund_id) ?? 0) + l.cents);
  if (inv.taxCents) byFund.set(funds.operating, (byFund.get(funds.operating) ?? 0) + inv.taxCents);
  return [...byFund].map(([fund_id, cents]) => ({ fund_id, cents }));
}

/** Invoice issued: Dr Accounts Receivable per fund / Cr each line's revenue account in its fund / Cr Sales Tax Payable (operating). */
export function invoicePosting(inv: InvoicePostingInput, acc: SystemAccounts, funds: SystemFunds): PostingLine[] {
  const doc = { owner_id: inv.owner_id, property_id: inv.property_id ?? null, document_type: 'invoice' as const, document_id: inv.id };
  return compact([
    ...receivableByFund(inv, funds).map((r) => ({ account_id: acc.accounts_receivable, fund_id: r.fund_id, debit: r.cents, credit: 0, ...doc })),
    ...inv.lines.map((l) => ({ account_id: l.account_id ?? acc.assessment_income, fund_id: l.fund_id, debit: 0, credit: l.cents, ...doc })),
    { account_id: acc.sales_tax_payable, fund_id: funds.operating, debit: 0, credit: inv.taxCents, ...doc },
  ]);
}

/** Payment received into a fund's bank account: Dr that account / Cr Owner Prepayments, in that fund. */
export function paymentPosting(p: { id: string; owner_id: string; cents: number; cash_account_id: string; fund_id: string }, acc: SystemAccounts): PostingLine[] {
  const doc = { owner_id: p.owner_id, fund_id: p.fund_id, document_type: 'payment' as const, document_id: p.id };
  return compact([
    { account_id: p.cash_account_id, debit: p.cents, credit: 0, ...doc },
    { account_id: acc.owner_prepayments, debit: 0, credit: p.cents, ...doc },
  ]);
}

/**
 * A payment applied to an invoice, split by the invoice's funds: Dr Owner Prepayments (the payment's fund) /
 * Cr Accounts Receivable (each fund). A part for another fund than the payment's goes through due-to/due-from.
 */
export function applicationPosting(
  a: { payment_id: string; invoice_id: string; owner_id: string; payment_fund_id: string; split: readonly FundAmount[] },
  acc: SystemAccounts,
): PostingLine[] {
  const onPayment = { owner_id: a.owner_id, document_type: 'payment' as const, document_id: a.payment_id };
  const onInvoice = { owner_id: a.owner_id, document_type: 'invoice' as const, document_id: a.invoice_id };
  const lines: PostingLine[] = [];
  for (const part of a.split) {
    lines.push({ account_id: acc.owner_prepayments, fund_id: a.payment_fund_id, debit: part.cents, credit: 0, ...onPayment });
    lines.push({ account_id: acc.accounts_receivable, fund_id: part.fund_id, debit: 0, credit: part.cents, ...onInvoice });
    if (part.fund_id !== a.payment_fund_id) {
      lines.push({ account_id: acc.due_to_funds, fund_id: a.payment_fund_id, debit: 0, credit: part.cents, ...onPayment });
      lines.push({ account_id: acc.due_from_funds, fund_id: part.fund_id, debit: part.cents, credit: 0, ...onInvoice });
    }
  }
  return compact(lines);
}

/**
 * A payment recorded together with the charges it paid on its own date, as one entry: the payment's posting and
 * each application's, netted. Dr the bank account; Cr Accounts Receivable per invoice and fund; Cr Owner
 * Prepayments for what is left unapplied (no line when nothing is); due-to/due-from for parts of another fund. The
 * bank line stays the entry's first line. The same amounts per account, fund and document as the payment's entry
 * and one entry per application; a fifth of the rows for a payment that pays seven charges.
 */
export function recordedPaymentPosting(
  p: { id: string; owner_id: string; cents: number; cash_account_id: string; fund_id: string },
  applications: ReadonlyArray<{ invoice_id: string; split: readonly FundAmount[] }>,
  acc: SystemAccounts,
): PostingLine[] {
  return compact([
    ...paymentPosting(p, acc),
    ...applications.flatMap((a) => applicationPosting({ payment_id: p.id, invoice_id: a.invoice_id, owner_id: p.owner_id, payment_fund_id: p.fund_id, split: a.split }, acc)),
  ]);
}

/**
 * What undoes a payment's entry whose applications were already undone on their own (each reversal posted from the
 * application): the entry's lines reversed, with those applications' postings added back. For an entry recorded by
 * recordedPaymentPosting whose every application was reversed, that is the payment's own posting reversed.
 */
export function reversedExcept(lines: readonly PostingLine[], undoneOnTheirOwn: readonly PostingLine[]): PostingLine[] {
  return compact([...reversed(lines), ...undoneOnTheirOwn]);
}

export interface BillPostingInput {
  id: string;
  vendor_id: string;
  lines: ReadonlyArray<{ account_id: string | null; fund_id: string; cents: number }>;
  taxCents: number;
}

/** What a bill owes per fund: its lines by fund, and the tax in the operating fund. */
export function payableByFund(bill: Pick<BillPostingInput, 'lines' | 'taxCents'>, funds: SystemFunds): FundAmount[] {
  return receivableByFund(bill, funds);
}

/** Bill: Dr each line's expense account in its fund (tax to Taxes Paid, operating) / Cr Accounts Payable per fund. */
export function billPosting(bill: BillPostingInput, acc: SystemAccounts, funds: SystemFunds, fallbackExpense: string): PostingLine[] {
  const doc = { vendor_id: bill.vendor_id, document_type: 'bill' as const, document_id: bill.id };
  return compact([
    ...bill.lines.map((l) => ({ account_id: l.account_id ?? fallbackExpense, fund_id: l.fund_id, debit: l.cents, credit: 0, ...doc })),
    { account_id: acc.tax_expense, fund_id: funds.operating, debit: bill.taxCents, credit: 0, ...doc },
    ...payableByFund(bill, funds).map((p) => ({ account_id: acc.accounts_payable, fund_id: p.fund_id, debit: 0, credit: p.cents, ...doc })),
  ]);
}

/**
 * Bill payment from a fund's bank account, split by the bill's funds: Dr Accounts Payable (each fund) / Cr the
 * bank account (its fund); a part paid for another fund goes through due-from (payer) and due-to (the bill's fund).
 */
export function billPaymentPosting(
  p: { bill_id: string; vendor_id: string; cash_account_id: string; cash_fund_id: string; split: readonly FundAmount[] },
  acc: SystemAccounts,
): PostingLine[] {
  const doc = { vendor_id: p.vendor_id, document_type: 'bill' as const, document_id: p.bill_id };
  const lines: PostingLine[] = [];
  for (const part of p.split) {
    lines.push({ account_id: acc.accounts_payable, fund_id: part.fund_id, debit: part.cents, credit: 0, ...doc });
    lines.push({ account_id: p.cash_account_id, fund_id: p.cash_fund_id, debit: 0, credit: part.cents, ...doc });
    if (part.fund_id !== p.cash_fund_id) {
      lines.push({ account_id: acc.due_to_funds, fund_id: part.fund_id, debit: 0, credit: part.cents, ...doc });
      lines.push({ account_id: acc.due_from_funds, fund_id: p.cash_fund_id, debit: part.cents, credit: 0, ...doc });
    }
  }
  return compact(lines);
}

/**
 * Cash moved between funds on purpose: the giving fund records a transfer out (Dr Interfund Transfers / Cr its
 * bank account), the receiving fund a transfer in (Dr its bank account / Cr Interfund Transfers).
 */
export function transferPosting(t: { from: { fund_id: string; cash_account_id: string }; to: { fund_id: string; cash_account_id: string }; cents: number }, acc: SystemAccounts): PostingLine[] {
  if (t.from.fund_id === t.to.fund_id) throw new RangeError('A transfer moves money between two different funds');
  const doc = { document_type: 'journal' as const, document_id: null };
  return compact([
    { account_id: acc.interfund_transfers, fund_id: t.from.fund_id, debit: t.cents, credit: 0, ...doc },
    { account_id: t.from.cash_account_id, fund_id: t.from.fund_id, debit: 0, credit: t.cents, ...doc },
    { account_id: t.to.cash_account_id, fund_id: t.to.fund_id, debit: t.cents, credit: 0, ...doc },
    { account_id: acc.interfund_transfers, fund_id: t.to.fund_id, debit: 0, credit: t.cents, ...doc },
  ]);
}

/**
 * Year-end close: each revenue and expense account's balance (net debit − credit, per fund) is reversed, and the
 * difference goes to that fund's Fund Balance; every line is marked 'closing' so income statements leave it out.
 */
export function closingPosting(rows: ReadonlyArray<{ account_id: string; fund_id: string; netCents: number }>, acc: SystemAccounts): PostingLine[] {
  const doc = { document_type: 'closing' as const, document_id: null };
  const lines: PostingLine[] = [];
  const perFund = new Map<string, number>();
  for (const r of rows) {
    if (r.netCents === 0) continue;
    lines.push({ account_id: r.account_id, fund_id: r.fund_id, debit: Math.max(-r.netCents, 0), credit: Math.max(r.netCents, 0), ...doc });
    perFund.set(r.fund_id, (perFund.get(r.fund_id) ?? 0) + r.netCents);
  }
  for (const [fund, net] of perFund) lines.push({ account_id: acc.fund_balance, fund_id: fund, debit: Math.max(net, 0), credit: Math.max(-net, 0), ...doc });
  return compact(lines);
}

/** Whether two postings are the same (so an edit that changes no amount posts nothing). */
export function samePosting(a: readonly PostingLine[], b: readonly PostingLine[]): boolean {
  const sig = (lines: readonly PostingLine[]) =>
    compact(lines)
      .map((l) => [l.account_id, l.fund_id, l.owner_id ?? '', l.vendor_id ?? '', l.property_id ?? '', l.document_type ?? '', l.document_id ?? '', l.debit, l.credit].join('|'))
      .sort()
      .join('\n');
  return sig(a) === sig(b);
}
