import { centsToDecimal, formatMoney } from '@covenant/contracts/money';
import type { EstoppelFigures } from '@covenant/contracts/estoppel';
import { addressBlock, letterhead, newDocument, table, type Doc, type Letterhead } from '../statements/pdf.ts';

export interface CertificateForPdf {
  requester_name: string;
  requester_email: string | null;
  requested_on: string;
  figures: EstoppelFigures;
}

const money = (cents: number) => formatMoney(centsToDecimal(cents));
const FREQUENCY: Record<string, string> = { monthly: 'Monthly', quarterly: 'Quarterly', semiannual: 'Semiannual', annual: 'Annual', once: 'One time' };

function heading(doc: Doc, text: string) {
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(11).text(text, 50, doc.y, { width: 512 });
  doc.moveDown(0.2);
}
function line(doc: Doc, text: string) {
  doc.font('Helvetica').fontSize(10).text(text, 50, doc.y, { width: 512 });
}

/** An estoppel certificate: the letterhead, the requester, then every figure as frozen when it was issued. */
export async function renderEstoppelCertificatePdf(lh: Letterhead, c: CertificateForPdf): Promise<Buffer> {
  const f = c.figures;
  const { doc, done } = newDocument(`Estoppel Certificate ${f.unit.unit_number} ${f.as_of}`);
  letterhead(doc, lh, 'Estoppel Certificate', [`Issued ${f.as_of}`, f.valid_until ? `Valid through ${f.valid_until}` : 'No statutory validity period', `Unit ${f.unit.unit_number}`]);
  addressBlock(doc, 'Requested by', [c.requester_name, c.requester_email, `Request received ${c.requested_on}`]);
  line(doc, `Unit ${f.unit.unit_number}${f.unit.address ? `, ${f.unit.address}` : ''}`);
  line(doc, f.validity_rule);

  heading(doc, 'Owners of record');
  if (f.owners.length === 0) line(doc, 'None on record.');
  else table(doc, [{ label: 'Owner', width: 260 }, { label: 'Account', width: 90 }, { label: 'Share', width: 70, align: 'right' }, { label: 'Since', width: 92 }],
    f.owners.map((o) => [o.name, o.owner_number, `${o.ownership_percentage}%`, o.start_date]));

  heading(doc, 'Assessments');
  const regular = f.assessments.filter((a) => !a.special);
  if (regular.length === 0) line(doc, 'No regular assessment bills this unit.');
  else table(doc, [{ label: 'Assessment', width: 300 }, { label: 'Frequency', width: 110 }, { label: 'Amount', width: 102, align: 'right' }],
    regular.map((a) => [a.name, FREQUENCY[a.frequency] ?? a.frequency, money(a.amount_cents)]));
  line(doc, `Assessments paid through: ${f.paid_through ?? 'no assessment period has been paid'}`);

  heading(doc, 'Special assessments');
  const special = f.assessments.filter((a) => a.special);
  if (special.length === 0) line(doc, 'None.');
  else table(doc, [{ label: 'Special assessment', width: 410 }, { label: 'Amount', width: 102, align: 'right' }], special.map((a) => [a.name, money(a.amount_cents)]));

  heading(doc, `Amounts due as of ${f.as_of}`);
  const d = f.due_by_kind;
  table(doc, [{ label: 'Kind', width: 410 }, { label: 'Amount', width: 102, align: 'right' }], [
    ['Assessments', money(d.assessments_cents)], ['Late fees and interest', money(d.late_fees_cents)], ['Fines', money(d.fines_cents)], ['Other charges', money(d.other_cents)],
    ['Less unapplied credit', money(-f.credit_cents)], ['Total to settle the account', money(f.balance_cents)],
  ], { boldLast: true });

  heading(doc, `Amounts falling due through ${f.valid_until ?? 'the next 30 days'}`);
  if (f.falls_due.length === 0) line(doc, 'Nothing falls due in this period.');
  else table(doc, [{ label: 'Date', width: 100 }, { label: 'For', width: 310 }, { label: 'Amount', width: 102, align: 'right' }], f.falls_due.map((x) => [x.date, x.description, money(x.cents)]));

  heading(doc, 'Open violations');
  if (f.open_violations.length === 0) line(doc, 'None.');
  else table(doc, [{ label: 'Observed', width: 100 }, { label: 'Violation', width: 310 }, { label: 'Status', width: 102 }], f.open_violations.map((v) => [v.observed_on, v.type, v.status]));

  heading(doc, 'Pending architectural requests');
  if (f.architectural_requests.length === 0) line(doc, 'None.');
  else table(doc, [{ label: 'Submitted', width: 100 }, { label: 'Category', width: 310 }, { label: 'Status', width: 102 }], f.architectural_requests.map((a) => [a.submitted_on, a.category, a.status]));

  heading(doc, 'Collections');
  line(doc, f.collection_stage ? `The account is in collection at the stage: ${f.collection_stage}.` : 'The account is not in collection.');

  heading(doc, 'Certificate fee');
  line(doc, `${money(f.fee_cents)}, paid by the requester: ${f.fee_message}`);
  doc.end();
  return done;
}
