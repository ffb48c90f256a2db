import { describe, expect, it } from 'vitest';
import { FL_POSTING, recordsChecklist, type ChecklistDocument } from './records-checklist.rules.ts';

const doc = (over: Partial<ChecklistDocument>): ChecklistDocument => ({ id: 'd', title: 'Doc', category: 'governing', owners_can_read: true, is_superseded: false, effective_date: null, ...over });
const base = { state: 'FL', unit_count: 100, today: '2026-03-01', documents: [] as ChecklistDocument[] };

describe('the Florida records checklist', () => {
  it('names its citation and five categories', () => {
    expect(FL_POSTING.citation).toBe('Fla. Stat. § 720.303(4)(b)');
    expect(FL_POSTING.items.map((i) => i.category)).toEqual(['governing', 'rules', 'contracts', 'budget', 'financial']);
  });

  it('applies in Florida from 100 units, from 2025 on, and nowhere else', () => {
    expect(recordsChecklist(base).applies).toBe(true);
    expect(recordsChecklist({ ...base, state: 'fl' }).applies).toBe(true);
    expect(recordsChecklist({ ...base, unit_count: 99 }).applies).toBe(false);
    expect(recordsChecklist({ ...base, state: 'CA', unit_count: 500 }).applies).toBe(false);
    expect(recordsChecklist({ ...base, state: null }).applies).toBe(false);
    expect(recordsChecklist({ ...base, today: '2024-12-31' }).applies).toBe(false);
    expect(recordsChecklist({ ...base, unit_count: 99 }).message).toBe('The posting rule applies to Florida associations of 100 or more units (Fla. Stat. § 720.303(4)(b)); this association is in FL with 99 units.');
    expect(recordsChecklist(base).message).toBe('Florida associations of 100 or more units post these records for owners (Fla. Stat. § 720.303(4)(b)).');
  });

  it('counts only current documents owners can read', () => {
    const r = recordsChecklist({
      ...base,
      documents: [
        doc({ id: 'old', category: 'governing', is_superseded: true }),
        doc({ id: 'bylaws', title: 'Bylaws 2024', category: 'governing', effective_date: '2024-05-01' }),
        doc({ id: 'bylaws-new', title: 'Bylaws 2026', category: 'governing', effective_date: '2026-01-01' }),
        doc({ id: 'rules-board', category: 'rules', owners_can_read: false }),
        doc({ id: 'budget-next', category: 'budget', effective_date: '2027-01-01' }),
        doc({ id: 'fin', title: 'Audit 2025', category: 'financial' }),
      ],
    });
    expect(r.items.map((i) => [i.category, i.posted, i.document_id])).toEqual([
      ['governing', true, 'bylaws-new'],
      ['rules', false, null],
      ['contracts', false, null],
      ['budget', false, null],
      ['financial', true, 'fin'],
    ]);
  });
});
