import { callFunction } from './platform/functions/define-function.ts';
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { bankAccounts } from '@covenant/db/schema/banking';
import { billPayments, payments } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import type { Ctx } from './lib/context.ts';
import { AppError } from './lib/errors.ts';
import { createEntity } from './platform/entities/entities.service.ts';
import { matchBankLineFn, matchBankLinesFn } from './features/banking/matching.service.ts';
import { completeReconciliationFn, reconciliationView, setClearedFn, startReconciliationFn } from './features/banking/reconciliation.service.ts';
import { importStatement } from './features/banking/statement-import.ts';

/**
 * The demo's bank: the Operating account's statements for the last three complete months, written as the bank
 * would (OFX 2), from the books' own postings: electronic owner payments and vendor payments a day after they were
 * made, checks of a day deposited together the next day, transfers the same day, a monthly service fee the books do
 * not know yet. The first of the three is matched and reconciled the way a treasurer going live would (the history
 * before it cleared at once); the other two are left imported and unmatched, for the match queue and the next
 * reconciliation.
 */

interface Posting {
  line_id: string;
  date: string;
  cents: number;
  source_type: string;
  source_id: string | null;
  entry_id: string;
  method: string | null;
  reference: string | null;
  payee: string | null;
}

interface BankLine {
  date: string;
  cents: number;
  name: string;
  memo: string;
  type: string;
  /** What the line is in the books (empty for the fee). */
  payment_ids: string[];
  bill_payment_ids: string[];
  journal_entry_ids: string[];
}

const SERVICE_FEE_CENTS = 1_500;
const ELECTRONIC = new Set(['online', 'bank_transfer', 'credit_card', 'ach']);

/** Every posting of the cash account in force (an entry and its reversal both left out), with what it pays. */
async function cashPostings(ctx: Ctx, cashAccountId: string, to: string): Promise<Posting[]> {
  const rows = (await ctx.db.execute(sql`
    select jl.id as line_id, jl.entry_date::text as date, (jl.debit - jl.credit)::text as net, je.source_type, je.source_id, je.id as entry_id,
           p.payment_method::text as method, coalesce(p.reference_number, p.payment_number) as reference, v.vendor_name as payee
    from ${journalLines} jl
    join ${journalEntries} je on je.id = jl.entry_id
    left join ${payments} p on je.source_type = 'payment' and p.id = je.source_id
    left join ${billPayments} bp on je.source_type = 'bill_payment' and bp.id = je.source_id
    left join bills b on b.id = bp.bill_id
    left join vendors v on v.id = b.vendor_id
    where jl.account_id = ${cashAccountId} and jl.entry_date <= ${to}
      and je.reverses_id is null
      and not exists (select 1 from ${journalEntries} r where r.reverses_id = je.id)
    order by jl.entry_date, jl.id`)).rows as Array<{ line_id: string; date: string; net: string; source_type: string; source_id: string | null; entry_id: string; method: string | null; reference: string | null; payee: string | null }>;
  return rows.map((r) => ({ ...r, cents: toCents(r.net) }));
}

/** The day the bank shows a posting: electronic payments and vendor payments a day later, deposits of checks the next day. */
const settles = (p: Posting) => (p.source_type === 'payment' || p.source_type === 'bill_payment' ? addDays(p.date, 1) : p.date);

function bankLines(postings: Posting[], from: string, to: string): BankLine[] {
  const lines: BankLine[] = [];
  const checks = new Map<string, Posting[]>();
  for (const p of postings) {
    const on = settles(p);
    if (on < from || on > to || p.cents === 0) continue;
    if (p.source_type === 'payment' && !ELECTRONIC.has(p.method ?? '')) {
      checks.set(on, [...(checks.get(on) ?? []), p]);
      continue;
    }
    const base = { date: on, cents: p.cents, payment_ids: [] as string[], bill_payment_ids: [] as string[], journal_entry_ids: [] as string[] };
    if (p.source_type === 'payment') lines.push({ ...base, type: 'CREDIT', name: 'ONLINE PAYMENT', memo: p.reference ?? '', payment_ids: [p.source_id!] });
    else if (p.source_type === 'bill_payment') lines.push({ ...base, type: 'DEBIT', name: `ACH ${(p.payee ?? 'VENDOR').toUpperCase()}`.slice(0, 32), memo: 'VENDOR PAYMENT', bill_payment_ids: [p.source_id!] });
    else lines.push({ ...base, type: 'XFER', name: p.cents < 0 ? 'TRANSFER TO RESERVE' : 'TRANSFER IN', memo: '', journal_entry_ids: [p.entry_id] });
  }
  for (const [on, list] of checks) {
    lines.push({ date: on, cents: list.reduce((s, p) => s + p.cents, 0), type: 'DEP', name: `DEPOSIT ${list.length} ITEMS`, memo: 'BRANCH DEPOSIT', payment_ids: list.map((p) => p.source_id!), bill_payment_ids: [], journal_entry_ids: [] });
  }
  lines.push({ date: to, cents: -SERVICE_FEE_CENTS, type: 'SRVCHG', name: 'MONTHLY SERVICE FEE', memo: '', payment_ids: [], bill_payment_ids: [], journal_entry_ids: [] });
  return lines.sort((a, b) => a.date.localeCompare(b.date) || b.cents - a.cents);
}

const ofxDate = (iso: string) => iso.replaceAll('-', '');
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function ofxStatement(lines: BankLine[], from: string, to: string, closingCents: number, seq: number): string {
  const trns = lines.map((l, i) => `<STMTTRN><TRNTYPE>${l.type}</TRNTYPE><DTPOSTED>${ofxDate(l.date)}</DTPOSTED><TRNAMT>${centsToDecimal(l.cents)}</TRNAMT><FITID>${ofxDate(to)}${String(seq).padStart(2, '0')}${String(i + 1).padStart(4, '0')}</FITID><NAME>${esc(l.name)}</NAME><MEMO>${esc(l.memo)}</MEMO></STMTTRN>`);
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>' + ofxDate(to) + '</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>0</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><STMTRS><CURDEF>USD</CURDEF>',
    '<BANKACCTFROM><BANKID>123000220</BANKID><ACCTID>7300012345</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>',
    `<BANKTRANLIST><DTSTART>${ofxDate(from)}</DTSTART><DTEND>${ofxDate(to)}</DTEND>`,
    ...trns,
    `</BANKTRANLIST><LEDGERBAL><BALAMT>${centsToDecimal(closingCents)}</BALAMT><DTASOF>${ofxDate(to)}</DTASOF></LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

const lastDayOf = (monthStart: string) => addDays(`${addDays(monthStart, 32).slice(0, 7)}-01`, -1);

export async function loadBankStatements(ctx: Ctx, input: { today: string; feeAccountId: string; operatingFundId: string }) {
  const [bank] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.system_key, 'operating')).limit(1);
  if (!bank) throw new Error('The demo needs the seeded Operating bank account');
  await ctx.db.update(bankAccounts).set({ bank_name: 'Cascade Community Bank', routing_number: '123000220' }).where(eq(bankAccounts.id, bank.id));
  await createEntity(ctx, ctx.services.registry.requireEntity('BankRule'), {
    name: 'Bank service fee', description_contains: 'SERVICE FEE', amount_min: -50, amount_max: 0, account_id: input.feeAccountId, fund_id: input.operatingFundId,
  });
  // The last three complete months.
  const thisMonth = `${input.today.slice(0, 7)}-01`;
  const starts = [3, 2, 1].map((k) => {
    const d = new Date(`${thisMonth}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - k);
    return d.toISOString().slice(0, 10);
  });
  const lastEnd = lastDayOf(starts[2]!);
  const postings = await cashPostings(ctx, bank.account_id, lastEnd);
  // The bank's balance before the first statement: everything it had seen by then.
  let balance = postings.filter((p) => settles(p) < starts[0]!).reduce((s, p) => s + p.cents, 0);
  const statements = starts.map((from, i) => {
    const to = lastDayOf(from);
    const lines = bankLines(postings, from, to);
    balance += lines.reduce((s, l) => s + l.cents, 0);
    return { from, to, closing: balance, lines, text: ofxStatement(lines, from, to, balance, i + 1) };
  });
  const importOne = (st: (typeof statements)[number]) => importStatement(ctx, bank.id, { data: Buffer.from(st.text), filename: `operating-${st.from.slice(0, 7)}.ofx` }, undefined);

  // The first month, as a treasurer reconciles it: the passes, then the lines they left chosen by hand.
  const first = statements[0]!;
  const imported = await importOne(first);
  const auto = await callFunction(ctx, matchBankLinesFn, { bank_account_id: bank.id });
  const stored = (await ctx.db.execute(sql`select id, date::text as date, amount::text as amount from bank_statement_lines where statement_id = ${imported.statement_id} and status = 'unmatched' order by line_no`)).rows as Array<{ id: string; date: string; amount: string }>;
  const byHand = matchBankLineFn(ctx.services.registry.requireEntity('BankStatementLine'));
  const pending = first.lines.filter((l) => l.payment_ids.length + l.bill_payment_ids.length + l.journal_entry_ids.length > 0);
  let manual = 0;
  for (const row of stored) {
    const at = pending.findIndex((l) => l.date === row.date && l.cents === toCents(row.amount));
    if (at < 0) continue;
    const [line] = pending.splice(at, 1);
    try {
      await callFunction(ctx, byHand, { line_id: row.id, payment_ids: line!.payment_ids, bill_payment_ids: line!.bill_payment_ids, journal_entry_ids: line!.journal_entry_ids });
      manual += 1;
    } catch (err) {
      // A document the passes gave another line of the same amount (409) or that is not there (400): that line is
      // left for a person; anything else is a real failure.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
    }
  }
  const recDef = ctx.services.registry.requireEntity('BankReconciliation');
  const started = await callFunction(ctx, startReconciliationFn(recDef), { bank_account_id: bank.id, statement_date: first.to, ending_balance: Number(centsToDecimal(first.closing)) });
  const recId = started.reconciliation.id as string;
  // Going live: what the bank had seen by the statement date is cleared (the history before it at once: the
  // reconciliations made before Covenant); the fee's entry was cleared through its match.
  const seen = new Set(postings.filter((p) => settles(p) <= first.to).map((p) => p.line_id));
  const toClear = started.postings.filter((p) => !p.cleared && seen.has(p.journal_line_id)).map((p) => p.journal_line_id);
  for (let i = 0; i < toClear.length; i += 2000) await callFunction(ctx, setClearedFn(recDef), { reconciliation_id: recId, journal_line_ids: toClear.slice(i, i + 2000), cleared: true });
  const view = await reconciliationView(ctx, recDef, recId);
  if (view.figures.difference !== 0) throw new Error(`The demo's first reconciliation is off by ${view.figures.difference}`);
  await callFunction(ctx, completeReconciliationFn(recDef), { reconciliation_id: recId });
  // The next two months: imported, waiting in the match queue.
  for (const st of statements.slice(1)) await importOne(st);
  const unmatchedLater = (await ctx.db.execute(sql`select count(*)::int as n from bank_statement_lines where bank_account_id = ${bank.id} and status = 'unmatched'`)).rows[0] as { n: number };
  return {
    statements: statements.map((s) => ({ from: s.from, to: s.to, lines: s.lines.length, closing: centsToDecimal(s.closing) })),
    autoMatched: auto.matched.length,
    manual,
    reconciledThrough: first.to,
    leftToMatch: unmatchedLater.n,
  };
}

