import type { DocumentCategory } from '@covenant/contracts/association-documents';

/**
 * Florida's posting rule as data: an association of 100 or more parcels posts these official records on its
 * website or application (Fla. Stat. § 720.303(4)(b), the 100-parcel threshold in force from 2025-01-01). Each
 * item is answered by a current document of its category.
 */
export const FL_POSTING = {
  state: 'FL',
  citation: 'Fla. Stat. § 720.303(4)(b)',
  effective_from: '2025-01-01',
  min_units: 100,
  items: [
    { category: 'governing', label: 'The declaration of covenants, the articles of incorporation and the bylaws, with their amendments' },
    { category: 'rules', label: 'The rules of the association' },
    { category: 'contracts', label: 'The list of executory contracts, and the bids received in the past year' },
    { category: 'budget', label: 'The annual budget and any proposed budget to be considered at the annual meeting' },
    { category: 'financial', label: 'The financial report and any monthly income or expense statement to be considered at a meeting' },
  ] as ReadonlyArray<{ category: DocumentCategory; label: string }>,
} as const;

export interface ChecklistDocument {
  id: string;
  title: string;
  category: DocumentCategory;
  /** Owners can read it (visibility public or owners). */
  owners_can_read: boolean;
  /** Another document replaces it. */
  is_superseded: boolean;
  effective_date: string | null;
}

export interface ChecklistInput {
  state: string | null;
  unit_count: number;
  today: string;
  documents: readonly ChecklistDocument[];
}

/**
 * Whether the rule applies, and for each item the newest current document that answers it: owners can read it,
 * nothing supersedes it and it is in effect today.
 */
export function recordsChecklist(input: ChecklistInput) {
  const inFlorida = (input.state ?? '').toUpperCase() === FL_POSTING.state;
  const inForce = input.today >= FL_POSTING.effective_from;
  const applies = inFlorida && inForce && input.unit_count >= FL_POSTING.min_units;
  const where = input.state ? `in ${input.state.toUpperCase()}` : 'without a state in the Organization Settings';
  const message = applies
    ? `Florida associations of ${FL_POSTING.min_units} or more units post these records for owners (${FL_POSTING.citation}).`
    : `The posting rule applies to Florida associations of ${FL_POSTING.min_units} or more units (${FL_POSTING.citation}); this association is ${where} with ${input.unit_count} units.`;
  const items = FL_POSTING.items.map((item) => {
    const current = input.documents
      .filter((d) => d.category === item.category && d.owners_can_read && !d.is_superseded && (d.effective_date === null || d.effective_date <= input.today))
      .sort((a, b) => (b.effective_date ?? '').localeCompare(a.effective_date ?? ''))[0];
    return { category: item.category, label: item.label, posted: !!current, document_id: current?.id ?? null, document_title: current?.title ?? null };
  });
  return { applies, state: input.state, unit_count: input.unit_count, citation: FL_POSTING.citation, message, items };
}
