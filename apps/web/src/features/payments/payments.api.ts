import type { Payment } from '@covenant/contracts/entity-records';
import type { OwnerRef } from '@/features/invoices/invoices.api';
import { PAGE_SIZE, ownersOfRows } from '@/features/invoices/invoices.api';
import { fetchListPage } from '@/lib/lists';

export type { Payment };

/** One page of payments, newest first, with the owners' names: one request; the server searches by reference or owner name and pages. */
export async function fetchPaymentPage(search: string, page: number): Promise<{ rows: Payment[]; total: number; owners: Map<string, OwnerRef> }> {
  const result = await fetchListPage<Payment & { owner: OwnerRef | null }>('payments', { search, limit: PAGE_SIZE, skip: page * PAGE_SIZE });
  return { rows: result.rows, total: result.total, owners: ownersOfRows(result.rows) };
}
