import { ARC_STATUS_LABELS } from '@covenant/contracts/architectural-requests';
import { addressBlock, letterhead, newDocument, type Letterhead } from '../statements/pdf.ts';
import { ruleFor } from '../state-law/state-law.rules.ts';

export interface DecisionLetter {
  id: string;
  decided_on: string;
  decision: 'approved' | 'approved_with_conditions' | 'denied';
  /** The decision on an appeal. */
  reconsidered: boolean;
  unit_number: string;
  category: string;
  description: string;
  submitted_on: string;
  conditions: string | null;
  reason: string | null;
  /** How to ask the board to reconsider a denial, where the law requires the letter to say it. */
  reconsideration: string | null;
  association: string;
  owner: { name: string; number: string; address: Array<string | null | undefined> };
}

/**
 * What a denial tells the owner about reconsideration, where the state requires it (California: Civ. Code
 * 4765(a)(5), an open meeting of the board); null where no law asks for it.
 */
export function reconsiderationText(state: string, decidedOn: string): string | null {
  const rule = ruleFor(state, 'arc_denial', decidedOn);
  if (!rule.value.reconsideration_required) return null;
  return `You may ask the board to reconsider this decision at an open meeting of the board (${rule.citation}): send the board a written request, or choose Appeal on this request under My Account, saying why the decision should change.`;
}

/** The written decision on an architectural request (issue 19): what was asked, the decision, its conditions or reason. */
export async function renderDecisionLetterPdf(lh: Letterhead, l: DecisionLetter): Promise<Buffer> {
  const { doc, done } = newDocument(`Architectural decision ${l.owner.number} ${l.decided_on}`);
  letterhead(doc, lh, 'Architectural Decision', [l.decided_on, `Account ${l.owner.number}`, `Unit ${l.unit_number}`]);
  addressBlock(doc, 'To', [l.owner.name, ...l.owner.address]);
  const heading = `${l.reconsidered ? 'Decision on reconsideration' : 'Decision'}: ${ARC_STATUS_LABELS[l.decision]}`;
  doc.font('Helvetica-Bold').fontSize(12).text(heading, 50, doc.y, { width: 512 });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).text(`Your request of ${l.submitted_on} for unit ${l.unit_number} (${l.category.replace(/_/g, ' ')}):`, 50, doc.y, { width: 512 });
  doc.font('Helvetica-Oblique').text(l.description, 60, doc.y, { width: 500, lineGap: 2 });
  doc.moveDown();
  const section = (title: string, text: string | null) => {
    if (!text) return;
    doc.font('Helvetica-Bold').fontSize(10).text(title, 50, doc.y, { width: 512 });
    doc.font('Helvetica').text(text, 50, doc.y, { width: 512, lineGap: 2 });
    doc.moveDown();
  };
  section('Conditions of approval', l.conditions);
  section('Reason for the decision', l.reason);
  section('Reconsideration', l.reconsideration);
  doc.font('Helvetica').fontSize(10).text(`${l.association}, ${l.decided_on}`, 50, doc.y, { width: 512 });
  doc.end();
  return done;
}
