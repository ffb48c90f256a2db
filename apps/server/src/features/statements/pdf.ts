import PDFDocument from 'pdfkit';
import { formatMoney } from '@covenant/contracts/money';
import { orgSettings } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { readStoredFile, STORED_NAME } from '../../platform/files/files.service.ts';
import type { Statement } from './statement.service.ts';

/** The organization's name, address lines and logo, printed at the top of every document. */
export interface Letterhead {
  name: string;
  lines: string[];
  /** PNG or JPEG bytes (what PDF embeds); other uploaded kinds are left out. */
  logo: Buffer | null;
}

const money = (cents: number) => formatMoney(cents / 100);

const nameOf = (s: { organization_name: string | null; company_name: string } | undefined) => (s ? s.organization_name || s.company_name : 'Homeowners Association');

/** The name documents and letters are signed with: the organization name, else the company name. */
export async function organizationName(ctx: Ctx): Promise<string> {
  const [s] = await ctx.db.select({ organization_name: orgSettings.organization_name, company_name: orgSettings.company_name }).from(orgSettings).limit(1);
  return nameOf(s);
}

/** Reads the organization settings and the uploaded logo once per batch of documents. */
export async function loadLetterhead(ctx: Ctx): Promise<Letterhead> {
  const [s] = await ctx.db.select().from(orgSettings).limit(1);
  if (!s) return { name: nameOf(s), lines: [], logo: null };
  const cityLine = [s.city, [s.state, s.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [s.address, cityLine, [s.phone, s.email].filter(Boolean).join('  ·  '), s.website].filter((l): l is string => !!l);
  return { name: nameOf(s), lines, logo: await logoBytes(ctx, s.logo_url) };
}

async function logoBytes(ctx: Ctx, url: string | null): Promise<Buffer | null> {
  const name = url?.split('/').pop() ?? '';
  if (!STORED_NAME.test(name) || !/\.(png|jpg)$/.test(name)) return null;
  try {
    return (await readStoredFile(ctx, name)).data;
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

export type Doc = InstanceType<typeof PDFDocument>;

export function newDocument(title: string): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: title, Producer: 'Covenant' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The letterhead block: logo on the left when there is one, the name and address beside it, the title on the right. */
export function letterhead(doc: Doc, lh: Letterhead, title: string, subtitle: string[]) {
  const top = doc.y;
  let textX = 50;
  if (lh.logo) {
    doc.image(lh.logo, 50, top, { fit: [80, 60] });
    textX = 140;
  }
  doc.font('Helvetica-Bold').fontSize(14).text(lh.name, textX, top, { width: 260 });
  doc.font('Helvetica').fontSize(9);
  for (const line of lh.lines) doc.text(line, textX, doc.y, { width: 260 });
  const leftBottom = Math.max(doc.y, lh.logo ? top + 62 : 0);
  doc.font('Helvetica-Bold').fontSize(18).text(title, 330, top, { width: 232, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  for (const line of subtitle) doc.text(line, 330, doc.y, { width: 232, align: 'right' });
  doc.y = Math.max(doc.y, leftBottom) + 16;
  doc.x = 50;
}

export function addressBlock(doc: Doc, heading: string, lines: Array<string | null | undefined>) {
  doc.font('Helvetica-Bold').fontSize(9).text(heading, 50, doc.y);
  doc.font('Helvetica').fontSize(10);
  for (const l of lines) if (l) doc.text(l, 50, doc.y);
  doc.moveDown();
}

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table drawn row by row; a new page repeats the header. */
export function table(doc: Doc, columns: Column[], rows: string[][], opts: { boldLast?: boolean; size?: number } = {}) {
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y > 700) {
      doc.addPage();
      drawRow(columns.map((c) => c.label), true);
    }
    const y = doc.y;
    let x = 50;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(opts.size ?? 9);
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, x + 2, y, { width: c.width - 4, align: c.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += c.width;
    });
    doc.y = bottom + 4;
    doc.x = 50;
  };
  drawRow(columns.map((c) => c.label), true);
  doc.moveTo(50, doc.y - 2).lineTo(562, doc.y - 2).strokeColor('#999999').stroke();
  rows.forEach((r, i) => drawRow(r, !!opts.boldLast && i === rows.length - 1));
}

const TYPE_LABEL: Record<string, string> = {
  invoice: 'Invoice', invoice_reversal: 'Credit', payment: 'Payment', payment_returned: 'Returned payment', adjustment: 'Adjustment',
};

/** An owner's statement: letterhead, the owner, opening balance, the lines with the running balance, closing balance and aging. */
export async function renderStatementPdf(lh: Letterhead, s: Statement): Promise<Buffer> {
  const { doc, done } = newDocument(`Statement ${s.owner.owner_id} ${s.from} to ${s.to}`);
  letterhead(doc, lh, 'Statement', [`Account ${s.owner.owner_id}`, `${s.from} to ${s.to}`]);
  addressBlock(doc, 'Statement for', [
    `${s.owner.first_name} ${s.owner.last_name}`.trim(), s.owner.mailing_address, s.owner.mailing_address_2,
    [s.owner.city, [s.owner.state, s.owner.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]);
  const columns: Column[] = [
    { label: 'Date', width: 54 }, { label: 'Type', width: 66 }, { label: 'Number', width: 116 }, { label: 'Description', width: 114 },
    { label: 'Charges', width: 54, align: 'right' }, { label: 'Payments', width: 54, align: 'right' }, { label: 'Balance', width: 54, align: 'right' },
  ];
  const rows = [
    [s.from, '', '', 'Opening balance', '', '', money(s.openingCents)],
    ...s.lines.map((l) => [l.date, TYPE_LABEL[l.type] ?? l.type, l.number ?? '', l.description, l.charges ? money(l.charges) : '', l.payments ? money(l.payments) : '', money(l.balance)]),
    [s.to, '', '', 'Closing balance', money(s.totalCharges), money(s.totalPayments), money(s.closingCents)],
  ];
  table(doc, columns, rows, { boldLast: true, size: 7.5 });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).text(`Amount due: ${money(Math.max(0, s.closingCents))}`, 50, doc.y);
  if (s.creditCents > 0) doc.font('Helvetica').fontSize(9).text(`Unapplied credit: ${money(s.creditCents)}`);
  doc.moveDown();
  table(doc, [
    { label: 'Current', width: 85, align: 'right' }, { label: '1-30 days', width: 85, align: 'right' }, { label: '31-60 days', width: 85, align: 'right' },
    { label: '61-90 days', width: 85, align: 'right' }, { label: 'Over 90 days', width: 86, align: 'right' }, { label: 'Total', width: 86, align: 'right' },
  ], [[s.aging.current, s.aging.days_1_30, s.aging.days_31_60, s.aging.days_61_90, s.aging.days_over_90, s.aging.total].map(money)]);
  doc.end();
  return done;
}

export interface InvoiceForPdf {
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  status: string;
  payment_terms: string | null;
  notes: string | null;
  subtotal: string;
  tax_rate: string | null;
  tax_amount: string;
  total_amount: string;
  amount_paid: string;
  balance_due: string;
  owner: { owner_id: string; first_name: string; last_name: string; mailing_address: string | null; mailing_address_2: string | null; city: string | null; state: string | null; zip_code: string | null };
  property: string | null;
  lines: Array<{ description: string | null; quantity: string; unit_price: string; extended_price: string }>;
}

/** An invoice: letterhead, bill-to, its lines, subtotal, tax, total, paid and balance due. */
export async function renderInvoicePdf(lh: Letterhead, inv: InvoiceForPdf): Promise<Buffer> {
  const { doc, done } = newDocument(`Invoice ${inv.invoice_number}`);
  const status = inv.status === 'cancelled' ? ['CANCELLED'] : [];
  letterhead(doc, lh, 'Invoice', [inv.invoice_number, `Date ${inv.invoice_date}`, ...(inv.due_date ? [`Due ${inv.due_date}`] : []), ...(inv.payment_terms ? [inv.payment_terms] : []), ...status]);
  const o = inv.owner;
  addressBlock(doc, 'Bill to', [
    `${o.first_name} ${o.last_name}`.trim(), `Account ${o.owner_id}`, o.mailing_address, o.mailing_address_2,
    [o.city, [o.state, o.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '), inv.property ? `Property: ${inv.property}` : null,
  ]);
  const fmt = (v: string) => formatMoney(v);
  table(doc, [
    { label: 'Description', width: 272 }, { label: 'Quantity', width: 70, align: 'right' }, { label: 'Unit price', width: 85, align: 'right' }, { label: 'Amount', width: 85, align: 'right' },
  ], inv.lines.map((l) => [l.description ?? '', String(Number(l.quantity)), fmt(l.unit_price), fmt(l.extended_price)]));
  doc.moveDown();
  const totals: Array<[string, string]> = [
    ['Subtotal', fmt(inv.subtotal)],
    [`Tax${inv.tax_rate ? ` (${Number(inv.tax_rate)}%)` : ''}`, fmt(inv.tax_amount)],
    ['Total', fmt(inv.total_amount)],
    ['Amount paid', fmt(inv.amount_paid)],
    ['Balance due', fmt(inv.balance_due)],
  ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label === 'Balance due' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, 330, y, { width: 140, align: 'right' });
    doc.text(value, 470, y, { width: 92, align: 'right' });
  }
  if (inv.notes) {
    doc.moveDown();
    doc.font('Helvetica').fontSize(9).text(inv.notes, 50, doc.y, { width: 512 });
  }
  doc.end();
  return done;
}

export interface LetterForPdf {
  as_of: string;
  subject: string;
  body: string;
  stage_name: string;
  past_due_balance: string;
  days_past_due: number;
  owner: InvoiceForPdf['owner'];
}

/** A collection letter as it was written by its run: letterhead, the owner's address, the subject and the body. */
export async function renderCollectionLetterPdf(lh: Letterhead, letter: LetterForPdf): Promise<Buffer> {
  const { doc, done } = newDocument(`${letter.stage_name} ${letter.owner.owner_id} ${letter.as_of}`);
  letterhead(doc, lh, 'Notice', [letter.as_of, `Account ${letter.owner.owner_id}`]);
  const o = letter.owner;
  addressBlock(doc, 'To', [
    `${o.first_name} ${o.last_name}`.trim(), o.mailing_address, o.mailing_address_2, [o.city, [o.state, o.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text(letter.subject, 50, doc.y, { width: 512 });
  doc.moveDown();
  doc.font('Helvetica').fontSize(10).text(letter.body, 50, doc.y, { width: 512, lineGap: 2 });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).text(`Past due as of ${letter.as_of}: ${formatMoney(letter.past_due_balance)} (${letter.days_past_due} days)`, 50, doc.y, { width: 512 });
  doc.end();
  return done;
}

export interface ReconciliationForPdf {
  bank_account_name: string;
  status: string;
  statement_date: string;
  beginning_balance: number;
  ending_balance: number;
  cleared_deposits: number;
  cleared_withdrawals: number;
  cleared_balance: number;
  difference: number;
  outstanding_checks: Array<{ date: string; amount: number; reference: string | null; description: string | null }>;
  outstanding_checks_total: number;
  deposits_in_transit: Array<{ date: string; amount: number; reference: string | null; description: string | null }>;
  deposits_in_transit_total: number;
  adjusted_bank_balance: number;
  ledger_balance: number;
  unexplained_difference: number;
}

/** The bank reconciliation report an auditor asks for: the statement's balances, what cleared, what is outstanding, and the books' balance. */
export async function renderReconciliationPdf(lh: Letterhead, r: ReconciliationForPdf): Promise<Buffer> {
  const { doc, done } = newDocument(`Bank reconciliation ${r.bank_account_name} ${r.statement_date}`);
  letterhead(doc, lh, 'Bank reconciliation', [r.bank_account_name, `Statement date ${r.statement_date}`, ...(r.status === 'completed' ? [] : [r.status.toUpperCase()])]);
  const summary: Array<[string, number, boolean?]> = [
    ['Beginning balance', r.beginning_balance],
    ['Cleared deposits', r.cleared_deposits],
    ['Cleared withdrawals', -r.cleared_withdrawals],
    ['Cleared balance', r.cleared_balance, true],
    ['Statement ending balance', r.ending_balance, true],
    ['Difference', r.difference],
  ];
  table(doc, [{ label: 'Statement', width: 380 }, { label: 'Amount', width: 132, align: 'right' }], summary.map(([l, v]) => [l, money(Math.round(v * 100))]));
  doc.moveDown();
  const items = (title: string, list: ReconciliationForPdf['outstanding_checks'], total: number) => {
    doc.font('Helvetica-Bold').fontSize(11).text(title, 50, doc.y);
    doc.moveDown(0.3);
    const rows = list.map((p) => [p.date, p.reference ?? '', p.description ?? '', money(Math.round(p.amount * 100))]);
    rows.push(['', '', `Total (${list.length})`, money(Math.round(total * 100))]);
    table(doc, [{ label: 'Date', width: 70 }, { label: 'Reference', width: 130 }, { label: 'Description', width: 200 }, { label: 'Amount', width: 112, align: 'right' }], rows, { boldLast: true });
    doc.moveDown();
  };
  items('Outstanding checks and withdrawals', r.outstanding_checks, -r.outstanding_checks_total);
  items('Deposits in transit', r.deposits_in_transit, r.deposits_in_transit_total);
  table(doc, [{ label: 'Proof', width: 380 }, { label: 'Amount', width: 132, align: 'right' }], [
    ['Statement ending balance', money(Math.round(r.ending_balance * 100))],
    ['Add deposits in transit', money(Math.round(r.deposits_in_transit_total * 100))],
    ['Less outstanding checks and withdrawals', money(Math.round(-r.outstanding_checks_total * 100))],
    ['Adjusted bank balance', money(Math.round(r.adjusted_bank_balance * 100))],
    ['Balance per books', money(Math.round(r.ledger_balance * 100))],
    ['Unexplained difference', money(Math.round(r.unexplained_difference * 100))],
  ], { boldLast: true });
  doc.end();
  return done;
}
