import type { Motion } from '@covenant/contracts/meetings';
import { addressBlock, letterhead, newDocument, type Letterhead } from '../statements/pdf.ts';

export interface MinutesForPdf {
  title: string;
  kind: string;
  when: string;
  location: string | null;
  agenda: Array<{ title: string; description?: string | null }>;
  attendees: string[];
  minutes: string | null;
  motions: Motion[];
  /** Where and when they were approved. */
  approved: string;
}

const VOTE_LABEL = { yes: 'Yes', no: 'No', abstain: 'Abstained', absent: 'Absent' } as const;

/** Approved minutes as published: the meeting, its agenda, those present, the minutes as approved and each motion's votes. */
export async function renderMinutesPdf(lh: Letterhead, m: MinutesForPdf): Promise<Buffer> {
  const { doc, done } = newDocument(`Minutes ${m.title}`);
  letterhead(doc, lh, 'Minutes', [`${m.kind} meeting`, m.when]);
  addressBlock(doc, 'Meeting', [m.title, m.when, m.location]);
  const heading = (text: string) => {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(11).text(text, 50, doc.y, { width: 512 });
    doc.font('Helvetica').fontSize(10);
  };
  if (m.agenda.length) {
    heading('Agenda');
    m.agenda.forEach((a, i) => doc.text(`${i + 1}. ${a.title}${a.description ? ` — ${a.description}` : ''}`, 50, doc.y, { width: 512 }));
  }
  if (m.attendees.length) {
    heading('Present');
    doc.text(m.attendees.join(', '), 50, doc.y, { width: 512 });
  }
  heading('Minutes');
  doc.text(m.minutes ?? '', 50, doc.y, { width: 512, lineGap: 2 });
  if (m.motions.length) {
    heading('Motions');
    for (const motion of m.motions) {
      doc.font('Helvetica-Bold').text(`${motion.text}: ${motion.result}`, 50, doc.y, { width: 512 });
      doc.font('Helvetica').text(motion.votes.map((v) => `${v.name ?? v.user_id}: ${VOTE_LABEL[v.vote]}`).join('; ') || 'Not voted on', 50, doc.y, { width: 512 });
      doc.moveDown(0.3);
    }
  }
  doc.moveDown();
  doc.font('Helvetica-Oblique').fontSize(9).text(m.approved, 50, doc.y, { width: 512 });
  doc.end();
  return done;
}
