import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKETS, agingBucket } from '@covenant/contracts/documents';
import { monthsBetween } from '@covenant/contracts/dates';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import type { AccountAmount, AgingAmounts, LedgerReportQuery, ReportAnswer } from '@covenant/contracts/reports';
import { owners } from '@covenant/db/schema/community';
import { bills, chartOfAccounts, funds, invoices, payments, vendors } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import { today, type Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { defineReport } from '../../platform/reports/define-report.ts';
import type { ReportDef } from '../../platform/registry.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { incomeFigures, monthlyActivity, netByAccount, openDocumentsQuery, paymentsReceivedCents, sumByFund } from './ledger-queries.ts';

const periodOf = async (ctx: Ctx, q: LedgerReportQuery) => {
  const to = q.to ?? (await today(ctx));
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw new ValidationError('from must not be after to');
  return { from, to };
};

const amount = (cents: number) => centsToNumber(cents);
const amounts = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, amount(v)]));

/** The funds a by-fund report has columns for (all, or the one filtered on), in code order. */
async function fundColumns(ctx: Ctx, q: LedgerReportQuery) {
  const rows = await ctx.db.select({ id: funds.id, code: funds.code, name: funds.name, kind: funds.kind }).from(funds).orderBy(asc(funds.code));
  return q.fund ? rows.filter((f) => f.id === q.fund) : rows;
}

/** A statement row as the API shows it: its amount, and its amount per fund when asked. */
function present<T extends { cents: number; byFund: Record<string, number> }>(list: T[], byFund: boolean) {
  return list.map(({ cents, byFund: perFund, ...r }) => ({ ...r, amount: amount(cents), ...(byFund ? { by_fund: amounts(perFund) } : {}) }));
}

/** The fund a report is narrowed to must exist (and be readable). */
async function assertFund(ctx: Ctx, q: LedgerReportQuery): Promise<void> {
  if (!q.fund) return;
  const [row] = await ctx.db.select({ id: funds.id }).from(funds).where(eq(funds.id, q.fund)).limit(1);
  if (!row) throw new ValidationError('fund: no such fund');
}

/** Revenue and expense accounts over a period, with total_revenue, total_expenses and net_income. */
export async function incomeStatement(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const { from, to } = await periodOf(ctx, q);
  const f = await incomeFigures(ctx, { from, to, fundId: q.fund });
  const revenueByFund = sumByFund(f.revenue);
  const expenseByFund = sumByFund(f.expenses);
  const netByFund = Object.fromEntries([...new Set([...Object.keys(revenueByFund), ...Object.keys(expenseByFund)])].map((k) => [k, (revenueByFund[k] ?? 0) - (expenseByFund[k] ?? 0)]));
  return {
    from,
    to,
    ...(q.fund ? { fund: q.fund } : {}),
    ...(q.by_fund ? { funds: await fundColumns(ctx, q) } : {}),
    revenue: present(f.revenue, q.by_fund),
    expenses: present(f.expenses, q.by_fund),
    total_revenue: amount(f.revenueCents),
    total_expenses: amount(f.expenseCents),
    net_income: amount(f.revenueCents - f.expenseCents),
    ...(q.by_fund ? { total_revenue_by_fund: amounts(revenueByFund), total_expenses_by_fund: amounts(expenseByFund), net_income_by_fund: amounts(netByFund) } : {}),
  };
}

/** The summary cards (Net Income, Total Revenue, Total Expenses) and the owner payments received, for a period. */
export async function summary(ctx: Ctx, q: LedgerReportQuery) {
  const s = await incomeStatement(ctx, q);
  return {
    from: s.from,
    to: s.to,
    ...(q.fund ? { fund: q.fund } : {}),
    total_revenue: s.total_revenue,
    total_expenses: s.total_expenses,
    net_income: s.net_income,
    payments_received: amount(await paymentsReceivedCents(ctx, { from: s.from, to: s.to, fundId: q.fund })),
    ...(q.by_fund ? { funds: s.funds, total_revenue_by_fund: s.total_revenue_by_fund, total_expenses_by_fund: s.total_expenses_by_fund, net_income_by_fund: s.net_income_by_fund } : {}),
  };
}

/** The longest period the monthly report covers: ten years of months. */
const MONTHLY_ACTIVITY_MAX_MONTHS = 120;

/**
 * Revenue, expenses, net income and payments received per calendar month of a period (the Reports chart and its
 * table): the same definitions as the income statement and the summary, so the months add up to their totals.
 */
export async function monthlyActivityReport(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const { from, to } = await periodOf(ctx, q);
  if (monthsBetween(from, to).length > MONTHLY_ACTIVITY_MAX_MONTHS) throw new ValidationError(`A monthly report covers at most ${MONTHLY_ACTIVITY_MAX_MONTHS} months: choose a shorter period`);
  const months = await monthlyActivity(ctx, { from, to, fundId: q.fund });
  const total = (pick: (m: (typeof months)[number]) => number) => amount(months.reduce((s, m) => s + pick(m), 0));
  return {
    from,
    to,
    ...(q.fund ? { fund: q.fund } : {}),
    months: months.map((m) => ({
      month: m.month,
      revenue: amount(m.revenueCents),
      expenses: amount(m.expenseCents),
      net_income: amount(m.revenueCents - m.expenseCents),
      payments_received: amount(m.paymentsCents),
    })),
    total_revenue: total((m) => m.revenueCents),
    total_expenses: total((m) => m.expenseCents),
    net_income: total((m) => m.revenueCents - m.expenseCents),
    payments_received: total((m) => m.paymentsCents),
  };
}

/** Assets, liabilities and equity as of a date; equity includes the net income not yet closed to fund balance. */
export async function balanceSheet(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const asOf = q.as_of ?? q.to ?? (await today(ctx));
  const rows = await netByAccount(ctx, { to: asOf, fundId: q.fund });
  const signed = (m: Record<string, number>, sign: 1 | -1) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, sign * v]));
  const pick = (type: string, sign: 1 | -1) => rows.filter((r) => r.account_type === type).map(({ net, byFund, ...r }) => ({ ...r, cents: sign * net, byFund: signed(byFund, sign) }));
  const assets = pick('asset', 1);
  const liabilities = pick('liability', -1);
  const equity = pick('equity', -1);
  const income = rows.filter((r) => r.account_type === 'revenue' || r.account_type === 'expense');
  const netIncome = -income.reduce((s, r) => s + r.net, 0);
  const netIncomeByFund = sumByFund(income, -1);
  const total = (list: Array<{ cents: number }>) => list.reduce((s, r) => s + r.cents, 0);
  const totalEquity = total(equity) + netIncome;
  const fundIds = [...new Set(rows.flatMap((r) => Object.keys(r.byFund)))];
  const perFund = (f: (fund: string) => number) => Object.fromEntries(fundIds.map((k) => [k, amount(f(k))]));
  const at = (m: Record<string, number>, k: string) => m[k] ?? 0;
  const assetsBy = sumByFund(assets);
  const liabilitiesBy = sumByFund(liabilities);
  const equityBy = sumByFund(equity);
  return {
    as_of: asOf,
    ...(q.fund ? { fund: q.fund } : {}),
    ...(q.by_fund ? { funds: await fundColumns(ctx, q) } : {}),
    assets: present(assets, q.by_fund),
    liabilities: present(liabilities, q.by_fund),
    equity: [
      ...present(equity, q.by_fund),
      { account_id: null, account_number: '', account_name: 'Net income (unclosed)', account_type: 'equity' as const, amount: amount(netIncome), ...(q.by_fund ? { by_fund: amounts(netIncomeByFund) } : {}) },
    ],
    total_assets: amount(total(assets)),
    total_liabilities: amount(total(liabilities)),
    total_equity: amount(totalEquity),
    /** Assets − (liabilities + equity): zero when the books balance. */
    difference: amount(total(assets) - total(liabilities) - totalEquity),
    ...(q.by_fund
      ? {
          total_assets_by_fund: perFund((k) => at(assetsBy, k)),
          total_liabilities_by_fund: perFund((k) => at(liabilitiesBy, k)),
          total_equity_by_fund: perFund((k) => at(equityBy, k) + at(netIncomeByFund, k)),
          /** Zero in every fund: each fund balances on its own. */
          difference_by_fund: perFund((k) => at(assetsBy, k) - at(liabilitiesBy, k) - at(equityBy, k) - at(netIncomeByFund, k)),
        }
      : {}),
  };
}

type AgingCents = Record<keyof AgingAmounts, number>;
const noAging = (): AgingCents => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0 });
const agingAmounts = (c: AgingCents): AgingAmounts => ({
  current: amount(c.current), days_1_30: amount(c.days_1_30), days_31_60: amount(c.days_31_60), days_61_90: amount(c.days_61_90), days_over_90: amount(c.days_over_90), total: amount(c.total),
});

/** Open balances per document as of a date, bucketed by the document's due date and summed per party. */
async function aging(ctx: Ctx, kind: 'ar' | 'ap', asOf: string, fundId?: string) {
  const acc = await systemAccounts(ctx);
  const isAr = kind === 'ar';
  const open = openDocumentsQuery(ctx, kind, isAr ? acc.accounts_receivable : acc.accounts_payable, { asOf, fundId });
  // Open balance per document first (one pass over the control account's covering index), then only the open
  // documents are looked up with their parties, by id: joined in one statement, the planner, which cannot know how
  // few documents are open, hashed every invoice of the history instead.
  const openRows = await ctx.db.select({ document_id: open.document_id, open: open.open }).from(open);
  const openOf = new Map(openRows.map((r) => [r.document_id, r.open]));
  const ids = sql`${pgArray([...openOf.keys()])}::text[]`;
  const parties = openRows.length === 0
    ? []
    : isAr
      ? await ctx.db
          .select({ document_id: invoices.id, party_id: owners.id, party_name: sql<string>`trim(${owners.first_name} || ' ' || ${owners.last_name})`, due_date: invoices.due_date })
          .from(invoices)
          .innerJoin(owners, eq(owners.id, invoices.owner_id))
          .where(sql`${invoices.id} = any(${ids})`)
      : await ctx.db
          .select({ document_id: bills.id, party_id: vendors.id, party_name: sql<string>`${vendors.vendor_name}`, due_date: bills.due_date })
          .from(bills)
          .innerJoin(vendors, eq(vendors.id, bills.vendor_id))
          .where(sql`${bills.id} = any(${ids})`);
  const rows = parties.map((p) => ({ ...p, open: openOf.get(p.document_id)! }));
  const byParty = new Map<string, { id: string; name: string; cents: AgingCents }>();
  const totals = noAging();
  for (const r of rows) {
    const cents = toCents(r.open);
    const bucket = agingBucket(r.due_date, asOf);
    const row = byParty.get(r.party_id) ?? { id: r.party_id, name: r.party_name, cents: noAging() };
    row.cents[bucket] += cents;
    row.cents.total += cents;
    totals[bucket] += cents;
    totals.total += cents;
    byParty.set(r.party_id, row);
  }
  const list = [...byParty.values()].sort((a, b) => a.name.localeCompare(b.name)).map((r) => ({ id: r.id, name: r.name, ...agingAmounts(r.cents) }));
  return { as_of: asOf, rows: list, totals: agingAmounts(totals) };
}

/** The aging's totals per fund (each fund's own aging), when asked for. */
async function agingTotalsByFund(ctx: Ctx, kind: 'ar' | 'ap', asOf: string, q: LedgerReportQuery) {
  if (!q.by_fund) return {};
  const columns = await fundColumns(ctx, q);
  const totals: Record<string, AgingAmounts> = {};
  for (const f of columns) totals[f.id] = (await aging(ctx, kind, asOf, f.id)).totals;
  return { funds: columns, totals_by_fund: totals };
}

export async function arAging(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const asOf = q.as_of ?? await today(ctx);
  const r = await aging(ctx, 'ar', asOf, q.fund);
  return { as_of: r.as_of, ...(q.fund ? { fund: q.fund } : {}), rows: r.rows.map(({ id, name, ...b }) => ({ owner_id: id, owner_name: name, ...b })), totals: r.totals, ...(await agingTotalsByFund(ctx, 'ar', asOf, q)) };
}

export async function apAging(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const asOf = q.as_of ?? await today(ctx);
  const r = await aging(ctx, 'ap', asOf, q.fund);
  return { as_of: r.as_of, ...(q.fund ? { fund: q.fund } : {}), rows: r.rows.map(({ id, name, ...b }) => ({ vendor_id: id, vendor_name: name, ...b })), totals: r.totals, ...(await agingTotalsByFund(ctx, 'ap', asOf, q)) };
}

const DEBIT_NORMAL = new Set(['asset', 'expense']);

/**
 * Trial balance as of a date: every account with a balance, in the debit or the credit column; the columns'
 * totals are equal when the books balance (per fund too, with by_fund).
 */
export async function trialBalance(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const asOf = q.as_of ?? q.to ?? (await today(ctx));
  // By fund, an account that nets to zero overall may still carry balances in its funds (interfund transfers).
  const rows = (await netByAccount(ctx, { to: asOf, fundId: q.fund })).filter((r) => r.net !== 0 || (q.by_fund && Object.values(r.byFund).some((n) => n !== 0)));
  const side = (net: number) => ({ debit: amount(Math.max(net, 0)), credit: amount(Math.max(-net, 0)) });
  const totalsBy: Record<string, { debit: number; credit: number }> = {};
  for (const r of rows) {
    for (const [fund, net] of Object.entries(r.byFund)) {
      const t = (totalsBy[fund] ??= { debit: 0, credit: 0 });
      if (net > 0) t.debit += net;
      else t.credit -= net;
    }
  }
  const debits = rows.reduce((s, r) => s + Math.max(r.net, 0), 0);
  const credits = rows.reduce((s, r) => s + Math.max(-r.net, 0), 0);
  return {
    as_of: asOf,
    ...(q.fund ? { fund: q.fund } : {}),
    ...(q.by_fund ? { funds: await fundColumns(ctx, q) } : {}),
    rows: rows.map((r) => ({
      account_id: r.account_id, account_number: r.account_number, account_name: r.account_name, account_type: r.account_type, ...side(r.net),
      ...(q.by_fund ? { by_fund: Object.fromEntries(Object.entries(r.byFund).filter(([, n]) => n !== 0).map(([f, n]) => [f, side(n)])) } : {}),
    })),
    total_debit: amount(debits),
    total_credit: amount(credits),
    /** Debits − credits: zero when the books balance. */
    difference: amount(debits - credits),
    ...(q.by_fund ? { totals_by_fund: Object.fromEntries(Object.entries(totalsBy).map(([f, t]) => [f, { debit: amount(t.debit), credit: amount(t.credit) }])) } : {}),
  };
}

/** The most lines one general ledger answers; narrow the period or pick an account for more. */
export const GENERAL_LEDGER_LINE_LIMIT = 20_000;

/**
 * General ledger over a period: per account, its opening balance, every line with its entry and document, the
 * running balance (in the account's normal direction: debits up for assets and expenses, credits up for the
 * rest) and the closing balance. One account with account_id, otherwise every account with a balance or activity.
 */
export async function generalLedger(ctx: Ctx, q: LedgerReportQuery) {
  await requirePermission(ctx, 'reports', 'read');
  await assertFund(ctx, q);
  const { from, to } = await periodOf(ctx, q);
  if (q.account_id) {
    const [acct] = await ctx.db.select({ id: chartOfAccounts.id }).from(chartOfAccounts).where(eq(chartOfAccounts.id, q.account_id)).limit(1);
    if (!acct) throw new ValidationError('account_id: no such account');
  }
  const scope: SQL[] = [];
  if (q.account_id) scope.push(eq(journalLines.account_id, q.account_id));
  if (q.fund) scope.push(eq(journalLines.fund_id, q.fund));
  const opening = await netByAccount(ctx, { fundId: q.fund }, [lt(journalLines.entry_date, from), ...scope]);
  const lines = await ctx.db
    .select({
      account_id: journalLines.account_id, entry_id: journalLines.entry_id, entry_date: journalLines.entry_date, memo: journalEntries.memo, line_memo: journalLines.memo,
      source_type: journalEntries.source_type, fund_id: journalLines.fund_id, fund_code: funds.code, document_type: journalLines.document_type, document_id: journalLines.document_id,
      document_number: sql<string | null>`coalesce(${invoices.invoice_number}, ${payments.payment_number}, ${bills.bill_number})`,
      debit: journalLines.debit, credit: journalLines.credit,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .innerJoin(funds, eq(funds.id, journalLines.fund_id))
    .leftJoin(invoices, and(eq(journalLines.document_type, 'invoice'), eq(invoices.id, journalLines.document_id)))
    .leftJoin(payments, and(eq(journalLines.document_type, 'payment'), eq(payments.id, journalLines.document_id)))
    .leftJoin(bills, and(eq(journalLines.document_type, 'bill'), eq(bills.id, journalLines.document_id)))
    .where(and(gte(journalLines.entry_date, from), lte(journalLines.entry_date, to), ...scope))
    .orderBy(asc(journalLines.account_id), asc(journalLines.entry_date), asc(journalEntries.created_date), asc(journalLines.entry_id), asc(journalLines.line_no))
    .limit(GENERAL_LEDGER_LINE_LIMIT + 1);
  const truncated = lines.length > GENERAL_LEDGER_LINE_LIMIT;
  if (truncated) lines.length = GENERAL_LEDGER_LINE_LIMIT;
  // "A column per fund": each account's ledger is kept per fund (its own opening, running and closing balance), as
  // the funds' books are kept apart; otherwise one ledger per account over the funds selected.
  const split = q.by_fund;
  const keyOf = (accountId: string, fundId: string) => (split ? `${accountId}|${fundId}` : accountId);
  const openingByKey = new Map<string, number>();
  for (const o of opening) {
    if (!split) openingByKey.set(o.account_id, o.net);
    else for (const [fundId, net] of Object.entries(o.byFund)) if (net !== 0) openingByKey.set(keyOf(o.account_id, fundId), net);
  }
  const linesByKey = new Map<string, typeof lines>();
  for (const l of lines) {
    const key = keyOf(l.account_id, l.fund_id);
    const list = linesByKey.get(key);
    if (list) list.push(l);
    else linesByKey.set(key, [l]);
  }
  const keys = [...new Set([...openingByKey.keys(), ...linesByKey.keys()])];
  const accountIds = [...new Set(keys.map((k) => k.split('|')[0]!))];
  const info = accountIds.length
    ? await ctx.db.select({ id: chartOfAccounts.id, account_number: chartOfAccounts.account_number, account_name: chartOfAccounts.account_name, account_type: chartOfAccounts.account_type }).from(chartOfAccounts).where(sql`${chartOfAccounts.id} in (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})`)
    : [];
  const byId = new Map(info.map((a) => [a.id, a]));
  const fundById = new Map((split ? await fundColumns(ctx, { ...q, fund: undefined }) : []).map((f) => [f.id, f]));
  const accounts = keys
    .map((key) => {
      const [accountId, fundId] = key.split('|') as [string, string | undefined];
      return { key, account: byId.get(accountId)!, fund: fundId ? fundById.get(fundId) : undefined };
    })
    .sort((x, y) => x.account.account_number.localeCompare(y.account.account_number) || (x.fund?.code ?? '').localeCompare(y.fund?.code ?? ''))
    .map(({ key, account: a, fund }) => {
      const sign = DEBIT_NORMAL.has(a.account_type) ? 1 : -1;
      const openingCents = sign * (openingByKey.get(key) ?? 0);
      let running = openingCents;
      let debits = 0;
      let credits = 0;
      const rows = (linesByKey.get(key) ?? []).map(({ account_id: _a, ...l }) => {
        const dr = toCents(l.debit);
        const cr = toCents(l.credit);
        debits += dr;
        credits += cr;
        running += sign * (dr - cr);
        return { ...l, debit: amount(dr), credit: amount(cr), balance: amount(running) };
      });
      return {
        account_id: a.id, account_number: a.account_number, account_name: a.account_name, account_type: a.account_type, normal_balance: sign === 1 ? ('debit' as const) : ('credit' as const),
        ...(fund ? { fund_id: fund.id, fund_code: fund.code, fund_name: fund.name } : {}),
        opening_balance: amount(openingCents), lines: rows, total_debit: amount(debits), total_credit: amount(credits), closing_balance: amount(running),
      };
    });
  return { from, to, ...(q.fund ? { fund: q.fund } : {}), ...(q.account_id ? { account_id: q.account_id } : {}), ...(split ? { by_fund: true as const } : {}), accounts, truncated, ...(truncated ? { line_limit: GENERAL_LEDGER_LINE_LIMIT } : {}) };
}

type Statement = ReportAnswer<'income-statement'> | ReportAnswer<'balance-sheet'>;

function statementRows<S extends Statement>(sections: ReadonlyArray<keyof S & string>, totals: ReadonlyArray<keyof S & string>) {
  return (data: S): unknown[][] => {
    const rows: unknown[][] = [['section', 'account_number', 'account_name', 'amount']];
    for (const section of sections) {
      for (const a of data[section] as AccountAmount[]) rows.push([section, a.account_number, a.account_name, a.amount]);
    }
    for (const t of totals) rows.push(['total', '', t, data[t]]);
    return rows;
  };
}

function agingRows<N extends 'ar-aging' | 'ap-aging'>(party: (row: ReportAnswer<N>['rows'][number]) => [string, string], header: [string, string]) {
  return (data: ReportAnswer<N>): unknown[][] => {
    const rows: unknown[][] = [[...header, ...AGING_BUCKETS, 'total']];
    for (const r of data.rows as Array<ReportAnswer<N>['rows'][number]>) rows.push([...party(r), ...AGING_BUCKETS.map((b) => r[b]), r.total]);
    rows.push(['', 'Total', ...AGING_BUCKETS.map((b) => data.totals[b]), data.totals.total]);
    return rows;
  };
}

/** The file name of a report's CSV: the report and its date. */
const fileOf = (name: string) => (d: { as_of: string } | { to: string }) => `${name}-${'as_of' in d ? d.as_of : d.to}.csv`;

export const REPORTS: readonly ReportDef[] = [
  defineReport('summary', summary, {
    rows: (d) => [['from', 'to', 'total_revenue', 'total_expenses', 'net_income', 'payments_received'], [d.from, d.to, d.total_revenue, d.total_expenses, d.net_income, d.payments_received]],
    filename: fileOf('summary'),
  }),
  defineReport('income-statement', incomeStatement, {
    rows: statementRows<ReportAnswer<'income-statement'>>(['revenue', 'expenses'], ['total_revenue', 'total_expenses', 'net_income']),
    filename: fileOf('income-statement'),
  }),
  defineReport('balance-sheet', balanceSheet, {
    rows: statementRows<ReportAnswer<'balance-sheet'>>(['assets', 'liabilities', 'equity'], ['total_assets', 'total_liabilities', 'total_equity']),
    filename: fileOf('balance-sheet'),
  }),
  defineReport('monthly-activity', monthlyActivityReport, {
    rows: (d) => [
      ['month', 'revenue', 'expenses', 'net_income', 'payments_received'],
      ...d.months.map((m) => [m.month, m.revenue, m.expenses, m.net_income, m.payments_received]),
      ['Total', d.total_revenue, d.total_expenses, d.net_income, d.payments_received],
    ],
    filename: fileOf('monthly-activity'),
  }),
  defineReport('ar-aging', arAging, { rows: agingRows<'ar-aging'>((r) => [r.owner_id, r.owner_name], ['owner_id', 'owner_name']), filename: fileOf('ar-aging') }),
  defineReport('ap-aging', apAging, { rows: agingRows<'ap-aging'>((r) => [r.vendor_id, r.vendor_name], ['vendor_id', 'vendor_name']), filename: fileOf('ap-aging') }),
  defineReport('trial-balance', trialBalance, {
    rows: (d) => [
      ['account_number', 'account_name', 'account_type', 'debit', 'credit'],
      ...d.rows.map((r) => [r.account_number, r.account_name, r.account_type, r.debit, r.credit]),
      ['', 'Total', '', d.total_debit, d.total_credit],
    ],
    filename: fileOf('trial-balance'),
  }),
  defineReport('general-ledger', generalLedger, {
    rows: (d) => {
      const rows: unknown[][] = [['account_number', 'account_name', 'date', 'memo', 'fund', 'document_type', 'document_number', 'debit', 'credit', 'balance']];
      for (const a of d.accounts) {
        rows.push([a.account_number, a.account_name, d.from, 'Opening balance', '', '', '', '', '', a.opening_balance]);
        for (const l of a.lines) rows.push([a.account_number, a.account_name, l.entry_date, l.line_memo || l.memo, l.fund_code, l.document_type ?? '', l.document_number ?? '', l.debit, l.credit, l.balance]);
        rows.push([a.account_number, a.account_name, d.to, 'Closing balance', '', '', '', a.total_debit, a.total_credit, a.closing_balance]);
      }
      return rows;
    },
    filename: fileOf('general-ledger'),
  }),
];
