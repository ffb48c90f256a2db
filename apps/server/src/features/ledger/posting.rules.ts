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
}

/** Accounts that change only through documents (invoices, payments, bills), never as a line's own account. */
export const CONTROL_ACCOUNT_KEYS = ['cash', 'accounts_receivable', 'accounts_payable', 'owner_prepayments'] as const satisfies ReadonlyArray<keyof SystemAccounts>;

export interface PostingLine {
  account_id: string;
  debit: number;
  credit: number;
  owner_id?: string | null;
  vendor_id?: string | null;
  property_id?: string | null;
  document_type?: 'invoice' | 'payment' | 'bill' | null;
  document_id?: string | null;
}

/** Drops zero lines and merges lines with the same account and references; amounts are integer cents. */
export function compact(lines: readonly PostingLine[]): PostingLine[] {
  const merged = new Map<string, PostingLine>();
  for (const l of lines) {
    const net = l.debit - l.credit;
    if (net === 0) continue;
    const key = [l.account_id, l.owner_id ?? '', l.vendor_id ?? '', l.property_id ?? '', l.document_type ?? '', l.document_id ?? ''].join('|');
    const prev = merged.get(key);
    const total = (prev ? prev.debit - prev.credit : 0) + net;
    merged.set(key, { ...l, debit: Math.max(total, 0), credit: Math.max(-total, 0) });
  }
  return [...merged.values()].filter((l) => l.debit !== l.credit);
}

export function isBalanced(lines: readonly PostingLine[]): boolean {
  const d = lines.reduce((s, l) => s + l.debit, 0);
  const c = lines.reduce((s, l) => s + l.credit, 0);
  return d === c;
}

/** Swaps debits and credits: the entry that undoes another. */
export function reversed(lines: readonly PostingLine[]): PostingLine[] {
  return lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}

export interface InvoicePostingInput {
  id: string;
  owner_id: string;
  property_id?: string | null;
  lines: ReadonlyArray<{ account_id: string | null; cents: number }>;
  taxCents: number;
}

/** Invoice sent: Dr Accounts Receivable (total) / Cr each line's revenue account / Cr Sales Tax Payable. */
export function invoicePosting(inv: InvoicePostingInput, acc: SystemAccounts): PostingLine[] {
  const doc = { owner_id: inv.owner_id, property_id: inv.property_id ?? null, document_type: 'invoice' as const, document_id: inv.id };
  const total = inv.lines.reduce((s, l) => s + l.cents, 0) + inv.taxCents;
  return compact([
    { account_id: acc.accounts_receivable, debit: total, credit: 0, ...doc },
    ...inv.lines.map((l) => ({ account_id: l.account_id ?? acc.assessment_income, debit: 0, credit: l.cents, ...doc })),
    { account_id: acc.sales_tax_payable, debit: 0, credit: inv.taxCents, ...doc },
  ]);
}

/** Payment received: Dr Cash / Cr Owner Prepayments; applications then move it to A/R. */
export function paymentPosting(p: { id: string; owner_id: string; cents: number }, acc: SystemAccounts): PostingLine[] {
  const doc = { owner_id: p.owner_id, document_type: 'payment' as const, document_id: p.id };
  return compact([
    { account_id: acc.cash, debit: p.cents, credit: 0, ...doc },
    { account_id: acc.owner_prepayments, debit: 0, credit: p.cents, ...doc },
  ]);
}

/** A payment applied to an invoice: Dr Owner Prepayments / Cr Accounts Receivable (on the invoice). */
export function applicationPosting(a: { payment_id: string; invoice_id: string; owner_id: string; cents: number }, acc: SystemAccounts): PostingLine[] {
  return compact([
    { account_id: acc.owner_prepayments, debit: a.cents, credit: 0, owner_id: a.owner_id, document_type: 'payment', document_id: a.payment_id },
    { account_id: acc.accounts_receivable, debit: 0, credit: a.cents, owner_id: a.owner_id, document_type: 'invoice', document_id: a.invoice_id },
  ]);
}

export interface BillPostingInput {
  id: string;
  vendor_id: string;
  lines: ReadonlyArray<{ account_id: string | null; cents: number }>;
  taxCents: number;
}

/** Bill: Dr each line's expense account (and tax) / Cr Accounts Payable (total). */
export function billPosting(bill: BillPostingInput, acc: SystemAccounts, fallbackExpense: string): PostingLine[] {
  const doc = { vendor_id: bill.vendor_id, document_type: 'bill' as const, document_id: bill.id };
  const total = bill.lines.reduce((s, l) => s + l.cents, 0) + bill.taxCents;
  return compact([
    ...bill.lines.map((l) => ({ account_id: l.account_id ?? fallbackExpense, debit: l.cents, credit: 0, ...doc })),
    { account_id: acc.tax_expense, debit: bill.taxCents, credit: 0, ...doc },
    { account_id: acc.accounts_payable, debit: 0, credit: total, ...doc },
  ]);
}

/** Bill payment: Dr Accounts Payable / Cr Cash. */
export function billPaymentPosting(p: { bill_id: string; vendor_id: string; cents: number }, acc: SystemAccounts): PostingLine[] {
  const doc = { vendor_id: p.vendor_id, document_type: 'bill' as const, document_id: p.bill_id };
  return compact([
    { account_id: acc.accounts_payable, debit: p.cents, credit: 0, ...doc },
    { account_id: acc.cash, debit: 0, credit: p.cents, ...doc },
  ]);
}

/** Whether two postings are the same (so an edit that changes no amount posts nothing). */
export function samePosting(a: readonly PostingLine[], b: readonly PostingLine[]): boolean {
  const sig = (lines: readonly PostingLine[]) =>
    compact(lines)
      .map((l) => [l.account_id, l.owner_id ?? '', l.vendor_id ?? '', l.property_id ?? '', l.document_type ?? '', l.document_id ?? '', l.debit, l.credit].join('|'))
      .sort()
      .join('\n');
  return sig(a) === sig(b);
}
