import PDFDocument from 'pdfkit';
import type { Letterhead } from '../statements/pdf.ts';

export interface NoticeForPdf {
  title: string;
  sent_on: string;
  account: string;
  to: Array<string | null | undefined>;
  subject: string;
  body: string;
}

/** A violation notice as a letter: the association's letterhead, the owner's address, the notice's text as sent. */
export async function renderViolationNoticePdf(lh: Letterhead, n: NoticeForPdf): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `${n.title} ${n.account} ${n.sent_on}`, Producer: 'Covenant' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
  doc.font('Helvetica-Bold').fontSize(16).text(n.title, 330, top, { width: 232, align: 'right' });
  doc.font('Helvetica').fontSize(9).text(n.sent_on, 330, doc.y, { width: 232, align: 'right' }).text(`Account ${n.account}`, 330, doc.y, { width: 232, align: 'right' });
  doc.y = Math.max(doc.y, leftBottom) + 16;
  doc.font('Helvetica-Bold').fontSize(9).text('To', 50, doc.y);
  doc.font('Helvetica').fontSize(10);
  for (const l of n.to) if (l) doc.text(l, 50, doc.y);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text(n.subject, 50, doc.y, { width: 512 });
  doc.moveDown();
  doc.font('Helvetica').fontSize(10).text(n.body, 50, doc.y, { width: 512, lineGap: 2 });
  doc.end();
  return done;
}
