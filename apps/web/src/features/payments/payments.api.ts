import type { Payment } from '@covenant/contracts/entity-records';
import type { PaymentListSort } from '@covenant/contracts/lists';
import type { OwnerRef } from '@/features/invoices/invoices.api';
import { PAGE_SIZE, ownersOfRows } from '@/features/invoices/invoices.api';
import { fetchListPage } from '@/lib/lists';

export type { Payment };

/** One page of payments in the `sort` order, with the owners' names: one request; the server searches by reference or owner name, sorts and pages. */
export async function fetchPaymentPage(search: string, page: number, sort: PaymentListSort): Promise<{ rows: Payment[]; total: number; owners: Map<string, OwnerRef> }> {
  const result = await fetchListPage<Payment & { owner: OwnerRef | null }>('payments', { search, sort, limit: PAGE_SIZE, skip: page * PAGE_SIZE });
  return { rows: result.rows, total: result.total, owners: ownersOfRows(result.rows) };
}
