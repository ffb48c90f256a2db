import type { Amount, OwnerRef } from '@/features/invoices/invoices.api';
import { PAGE_SIZE, ownersOfRows } from '@/features/invoices/invoices.api';
import type { EntityRecord } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';

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

/** One page of payments, newest first, with the owners' names: one request; the server searches by reference or owner name and pages. */
export async function fetchPaymentPage(search: string, page: number): Promise<{ rows: Payment[]; total: number; owners: Map<string, OwnerRef> }> {
  const result = await fetchListPage<Payment & { owner: OwnerRef | null }>('payments', { search, limit: PAGE_SIZE, skip: page * PAGE_SIZE });
  return { rows: result.rows, total: result.total, owners: ownersOfRows(result.rows) };
}
