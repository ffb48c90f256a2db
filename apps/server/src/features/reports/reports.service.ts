import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { z } from 'zod';
import { AGING_BUCKETS, agingBucket } from '@covenant/contracts/documents';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import { owners } from '@covenant/db/schema/community';
import { bills, chartOfAccounts, invoices, vendors } from '@covenant/db/schema/finance';
import { journalLines } from '@covenant/db/schema/ledger';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { parseInput } from '../../platform/auth/auth.service.ts';
import { systemAccounts } from '../ledger/accounts.service.ts';

const today = () => new Date().toISOString().slice(0, 10);
const date = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
export const reportQuery = z.object({
  from: date.optional(),
  to: date.optional(),
  as_of: date.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

interface AccountAmount {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: string;
  amount: number;
}

/** Net (debit − credit) cents per account over journal lines matching the conditions. */
async function netByAccount(ctx: Ctx, where: SQL[]): Promise<Array<Omit<AccountAmount, 'amount'> & { net: number }>> {
  const rows = await ctx.db
    .select({
      account_id: chartOfAccounts.id,
      account_number: chartOfAccounts.account_number,
      account_name: chartOfAccounts.account_name,
      account_type: chartOfAccounts.account_type,
      net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)`,
    })
    .from(journalLines)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.account_id))
    .where(and(...where))
    .groupBy(chartOfAccounts.id, chartOfAccounts.account_number, chartOfAccounts.account_name, chartOfAccounts.account_type)
    .orderBy(asc(chartOfAccounts.account_number));
  return rows.map((r) => ({ ...r, net: toCents(r.net) }));
}

const periodOf = (q: ReportQuery) => {
  const to = q.to ?? today();
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw new ValidationError('from must not be after to');
  return { from, to };
};

const amount = (cents: number) => centsToNumber(cents);

/** Revenue and expense accounts over a period, with total_revenue, total_expenses and net_income. */
export async function incomeStatement(ctx: Ctx, q: ReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  const { from, to } = periodOf(q);
  const rows = await netByAccount(ctx, [gte(journalLines.entry_date, from), lte(journalLines.entry_date, to), sql`${chartOfAccounts.account_type} in ('revenue', 'expense')`]);
  const revenue = rows.filter((r) => r.account_type === 'revenue').map(({ net, ...r }) => ({ ...r, cents: -net }));
  const expenses = rows.filter((r) => r.account_type === 'expense').map(({ net, ...r }) => ({ ...r, cents: net }));
  const totalRevenue = revenue.reduce((s, r) => s + r.cents, 0);
  const totalExpenses = expenses.reduce((s, r) => s + r.cents, 0);
  const strip = (list: typeof revenue) => list.map(({ cents, ...r }) => ({ ...r, amount: amount(cents) }));
  return {
    from,
    to,
    revenue: strip(revenue),
    expenses: strip(expenses),
    total_revenue: amount(totalRevenue),
    total_expenses: amount(totalExpenses),
    net_income: amount(totalRevenue - totalExpenses),
  };
}

/** The summary cards: Net Income, Total Revenue, Total Expenses for a period. */
export async function summary(ctx: Ctx, q: ReportQuery) {
  const s = await incomeStatement(ctx, q);
  return { from: s.from, to: s.to, total_revenue: s.total_revenue, total_expenses: s.total_expenses, net_income: s.net_income };
}

/** Assets, liabilities and equity as of a date; equity includes the net income not yet closed to fund balance. */
export async function balanceSheet(ctx: Ctx, q: ReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  const asOf = q.as_of ?? q.to ?? today();
  const rows = await netByAccount(ctx, [lte(journalLines.entry_date, asOf)]);
  const pick = (type: string, sign: 1 | -1) => rows.filter((r) => r.account_type === type).map(({ net, ...r }) => ({ ...r, cents: sign * net }));
  const assets = pick('asset', 1);
  const liabilities = pick('liability', -1);
  const equity = pick('equity', -1);
  const netIncome = -rows.filter((r) => r.account_type === 'revenue' || r.account_type === 'expense').reduce((s, r) => s + r.net, 0);
  const total = (list: Array<{ cents: number }>) => list.reduce((s, r) => s + r.cents, 0);
  const strip = (list: typeof assets) => list.map(({ cents, ...r }) => ({ ...r, amount: amount(cents) }));
  const totalEquity = total(equity) + netIncome;
  return {
    as_of: asOf,
    assets: strip(assets),
    liabilities: strip(liabilities),
    equity: [...strip(equity), { account_id: null, account_number: '', account_name: 'Net income (unclosed)', account_type: 'equity', amount: amount(netIncome) }],
    total_assets: amount(total(assets)),
    total_liabilities: amount(total(liabilities)),
    total_equity: amount(totalEquity),
    /** Assets − (liabilities + equity): zero when the books balance. */
    difference: amount(total(assets) - total(liabilities) - totalEquity),
  };
}

type AgingRow = { id: string; name: string } & Record<(typeof AGING_BUCKETS)[number] | 'total', number>;

/**
 * Open balances per document as of a date, from the control account's journal lines (document references),
 * bucketed by the document's due date and summed per party.
 */
async function aging(ctx: Ctx, kind: 'ar' | 'ap', asOf: string) {
  const acc = await systemAccounts(ctx);
  const isAr = kind === 'ar';
  const docs = isAr ? invoices : bills;
  const party = isAr ? owners : vendors;
  const partyName = isAr ? sql<string>`trim(${owners.first_name} || ' ' || ${owners.last_name})` : sql<string>`${vendors.vendor_name}`;
  const partyCol = isAr ? invoices.owner_id : bills.vendor_id;
  const sign = isAr ? sql`${journalLines.debit} - ${journalLines.credit}` : sql`${journalLines.credit} - ${journalLines.debit}`;
  // Open balance per document first (an index-only scan of the control account's lines), then only the open
  // documents are joined to their parties.
  const openDocs = ctx.db
    .select({ document_id: journalLines.document_id, open: sql<string>`sum(${sign})`.as('open') })
    .from(journalLines)
    .where(and(eq(journalLines.account_id, isAr ? acc.accounts_receivable : acc.accounts_payable), eq(journalLines.document_type, isAr ? 'invoice' : 'bill'), lte(journalLines.entry_date, asOf)))
    .groupBy(journalLines.document_id)
    .having(sql`sum(${sign}) <> 0`)
    .as('open_docs');
  const rows = await ctx.db
    .select({ party_id: party.id, party_name: partyName, due_date: docs.due_date, open: openDocs.open })
    .from(openDocs)
    .innerJoin(docs, eq(docs.id, openDocs.document_id))
    .innerJoin(party, eq(party.id, partyCol));
  const byParty = new Map<string, AgingRow>();
  const totals: AgingRow = { id: '', name: 'Total', current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0 };
  for (const r of rows) {
    const cents = toCents(r.open);
    const bucket = agingBucket(r.due_date, asOf);
    const row = byParty.get(r.party_id) ?? { id: r.party_id, name: r.party_name, current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0 };
    row[bucket] += cents;
    row.total += cents;
    totals[bucket] += cents;
    totals.total += cents;
    byParty.set(r.party_id, row);
  }
  const toMoney = (r: AgingRow) => ({ ...r, ...Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, amount(r[b as keyof AgingRow] as number)])) });
  const list = [...byParty.values()].sort((a, b) => a.name.localeCompare(b.name)).map(toMoney);
  return { as_of: asOf, rows: list, totals: toMoney(totals) };
}

export async function arAging(ctx: Ctx, q: ReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  const r = await aging(ctx, 'ar', q.as_of ?? today());
  return { as_of: r.as_of, rows: r.rows.map(({ id, name, ...b }) => ({ owner_id: id, owner_name: name, ...b })), totals: r.totals };
}

export async function apAging(ctx: Ctx, q: ReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  const r = await aging(ctx, 'ap', q.as_of ?? today());
  return { as_of: r.as_of, rows: r.rows.map(({ id, name, ...b }) => ({ vendor_id: id, vendor_name: name, ...b })), totals: r.totals };
}

const REPORTS = {
  summary,
  'income-statement': incomeStatement,
  'balance-sheet': balanceSheet,
  'ar-aging': arAging,
  'ap-aging': apAging,
} as const;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as ReportName[];

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
function neutralise(v: unknown): unknown {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

function toCsv(name: ReportName, data: Record<string, unknown>): string {
  const rows: unknown[][] = [];
  if (name === 'summary') {
    rows.push(['from', 'to', 'total_revenue', 'total_expenses', 'net_income'], [data.from, data.to, data.total_revenue, data.total_expenses, data.net_income]);
  } else if (name === 'income-statement' || name === 'balance-sheet') {
    rows.push(['section', 'account_number', 'account_name', 'amount']);
    const sections = name === 'income-statement' ? ['revenue', 'expenses'] : ['assets', 'liabilities', 'equity'];
    for (const section of sections) {
      for (const a of data[section] as Array<{ account_number: string; account_name: string; amount: number }>) rows.push([section, a.account_number, a.account_name, a.amount]);
    }
    const totals = name === 'income-statement' ? ['total_revenue', 'total_expenses', 'net_income'] : ['total_assets', 'total_liabilities', 'total_equity'];
    for (const t of totals) rows.push(['total', '', t, data[t]]);
  } else {
    const party = name === 'ar-aging' ? ['owner_id', 'owner_name'] : ['vendor_id', 'vendor_name'];
    rows.push([...party, ...AGING_BUCKETS, 'total']);
    for (const r of data.rows as Array<Record<string, unknown>>) rows.push([r[party[0]!], r[party[1]!], ...AGING_BUCKETS.map((b) => r[b]), r.total]);
    const t = data.totals as Record<string, unknown>;
    rows.push(['', 'Total', ...AGING_BUCKETS.map((b) => t[b]), t.total]);
  }
  return Papa.unparse(rows.map((r) => r.map(neutralise)));
}

export async function runReport(ctx: Ctx, name: string, query: unknown): Promise<{ json?: unknown; csv?: string; filename?: string }> {
  const report = REPORTS[name as ReportName];
  if (!report) throw new ValidationError(`Unknown report '${name}'; reports: ${REPORT_NAMES.join(', ')}`);
  const q = parseInput(reportQuery, query);
  const data = (await report(ctx, q)) as Record<string, unknown>;
  if (q.format === 'csv') return { csv: toCsv(name as ReportName, data), filename: `${name}-${(data.as_of ?? data.to) as string}.csv` };
  return { json: data };
}
