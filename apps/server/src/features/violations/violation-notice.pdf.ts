import { addressBlock, letterhead, newDocument, type Letterhead } from '../statements/pdf.ts';

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
  const { doc, done } = newDocument(`${n.title} ${n.account} ${n.sent_on}`);
  letterhead(doc, lh, n.title, [n.sent_on, `Account ${n.account}`]);
  addressBlock(doc, 'To', n.to);
  doc.font('Helvetica-Bold').fontSize(12).text(n.subject, 50, doc.y, { width: 512 });
  doc.moveDown();
  doc.font('Helvetica').fontSize(10).text(n.body, 50, doc.y, { width: 512, lineGap: 2 });
  doc.end();
  return done;
}
