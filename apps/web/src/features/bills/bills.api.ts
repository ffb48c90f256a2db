import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { billForm } from '@covenant/contracts/bills-form';
import type { billPaymentInput } from '@covenant/contracts/entities';
import type { BillListSort } from '@covenant/contracts/lists';
import type { Account, Bill, BillLine, BillPayment, Vendor } from '@covenant/contracts/entity-records';
import { create, entityKeys, filter, get, invokeFunction, type EntityName } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';

export const BILLS_PAGE_SIZE = 50;

// BillPayment is served by the server but not yet named in the shared EntityName union.
const BILL_PAYMENT = 'BillPayment' as EntityName;

export type { Bill, BillLine, BillPayment };
export type BillStatus = Bill['status'];
export type VendorSummary = Pick<Vendor, 'id' | 'vendor_name' | 'payment_terms' | 'status'>;
export type ExpenseAccount = Pick<Account, 'id' | 'account_number' | 'account_name'>;

/** One page of bills in the `sort` order, each with its vendor's name (joined, sorted and paged by the server). */
export function billsQuery(page: number, sort: BillListSort) {
  const params = { sort, limit: BILLS_PAGE_SIZE, skip: page * BILLS_PAGE_SIZE };
  return queryOptions({
    queryKey: [...entityKeys.all('Bill'), 'page', params],
    queryFn: () => fetchListPage<Bill & { vendor_name: string | null }>('bills', params),
    placeholderData: keepPreviousData,
  });
}

export function billQuery(id: string) {
  return queryOptions({ queryKey: entityKeys.one('Bill', id), queryFn: () => get<Bill>('Bill', id) });
}

export function billLinesQuery(billId: string) {
  const q = { bill_id: billId };
  return queryOptions({
    queryKey: entityKeys.list('BillLineItem', { q, sort: 'line_no' }),
    queryFn: () => filter<BillLine>('BillLineItem', q, 'line_no', 500),
  });
}

export function billPaymentsQuery(billId: string) {
  const q = { bill_id: billId };
  return queryOptions({
    queryKey: entityKeys.list(BILL_PAYMENT, { q, sort: 'payment_date' }),
    queryFn: () => filter<BillPayment>(BILL_PAYMENT, q, 'payment_date,created_date', 500),
  });
}

/** Every vendor by name, for the form's picker and the table's vendor column. */
export function vendorsQuery() {
  const fields = ['id', 'vendor_name', 'payment_terms', 'status'];
  return queryOptions({
    queryKey: entityKeys.list('Vendor', { sort: 'vendor_name', limit: 1000, fields }),
    queryFn: () => filter<VendorSummary>('Vendor', {}, 'vendor_name', 1000, 0, fields),
  });
}

export function expenseAccountsQuery() {
  const q = { account_type: 'expense' };
  return queryOptions({
    queryKey: entityKeys.list('ChartOfAccount', { q, sort: 'account_number' }),
    queryFn: () => filter<ExpenseAccount>('ChartOfAccount', q, 'account_number', 1000),
  });
}

/** A bill with its lines as the Create Bill form parses it, and whether it is saved as a draft or pending. */
export type SaveBillInput = (typeof billForm)['_output'] & { status?: 'draft' | 'pending' };

const REPORT_KEY = ['reports'] as const;

/** Saves a bill with its lines in one server transaction (function saveBill). */
export function useSaveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBillInput) => invokeFunction<Bill & { lines: BillLine[] }>('saveBill', { ...input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entityKeys.all('Bill') }),
        queryClient.invalidateQueries({ queryKey: entityKeys.all('BillLineItem') }),
        queryClient.invalidateQueries({ queryKey: REPORT_KEY }),
      ]),
  });
}

/** A bill payment as the contract parses it; without a cash account it is paid from Operating Cash. */
export type PayBillInput = (typeof billPaymentInput)['_output'];

/** Records a payment of a bill; the server posts it and updates the bill's balance and status. */
export function usePayBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayBillInput) => create<BillPayment>(BILL_PAYMENT, { ...input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entityKeys.all('Bill') }),
        queryClient.invalidateQueries({ queryKey: entityKeys.all(BILL_PAYMENT) }),
        queryClient.invalidateQueries({ queryKey: REPORT_KEY }),
      ]),
  });
}

export { BILL_PAYMENT };
