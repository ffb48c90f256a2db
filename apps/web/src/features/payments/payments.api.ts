import type { Amount, OwnerRef } from '@/features/invoices/invoices.api';
import { PAGE_SIZE, ownerIdsMatching, ownersByIds } from '@/features/invoices/invoices.api';
import { count, filter, type EntityQuery, type EntityRecord } from '@/lib/entities';
import { escapeRegex } from '@/lib/search';

export interface Payment extends EntityRecord {
  payment_number: string;
  payment_date: string;
  payment_method: string;
  reference_number: string | null;
  amount: Amount;
  owner_id: string;
  notes: string | null;
  status: string;
  bounced_date?: string | null;
  bounce_reason?: string | null;
}

/** One page of payments, newest first, searched by reference or owner name on the server. */
export async function fetchPaymentPage(search: string, page: number): Promise<{ rows: Payment[]; total: number; owners: Map<string, OwnerRef> }> {
  const text = search.trim();
  let q: EntityQuery = {};
  if (text) {
    const ownerIds = await ownerIdsMatching(text);
    q = { $or: [{ reference_number: { $regex: escapeRegex(text), $options: 'i' } }, { owner_id: { $in: ownerIds } }] };
  }
  const [rows, total] = await Promise.all([
    filter<Payment>('Payment', q, '-payment_date,-payment_number', PAGE_SIZE, page * PAGE_SIZE),
    count('Payment', q),
  ]);
  return { rows, total, owners: await ownersByIds(rows.map((r) => r.owner_id)) };
}
