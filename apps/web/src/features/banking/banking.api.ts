import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvMapping, StatementImportAnswer } from '@covenant/contracts/banking';
import { appRequest } from '@/lib/api';
import { count, entityKeys, filter, remove } from '@/lib/entities';

/** A bank account as the server answers it: the account number only as its last four characters. */
export interface BankAccountRecord {
  id: string;
  name: string;
  account_id: string;
  fund_id: string;
  bank_name: string;
  routing_number: string | null;
  account_last4: string | null;
  account_type: 'checking' | 'savings';
  ach_company_id: string | null;
  ach_company_name: string | null;
  ach_odfi_routing_number: string | null;
  csv_mapping: CsvMapping | null;
  system_key: string | null;
}

export interface BankStatementRecord {
  id: string;
  bank_account_id: string;
  format: string;
  file_name: string | null;
  period_start: string;
  period_end: string;
  opening_balance: number | null;
  closing_balance: number | null;
  lines_imported: number;
  duplicates_skipped: number;
  warnings: string[];
  created_date: string;
}

export interface BankLineRecord {
  id: string;
  statement_id: string;
  date: string;
  amount: number;
  description: string;
  payee: string | null;
  bank_reference: string | null;
  check_number: string | null;
  status: 'unmatched' | 'matched' | 'excluded';
}

export const LINES_PAGE_SIZE = 50;

/** The association's bank accounts, by name (a handful). */
export const bankAccountRecordsQuery = () =>
  queryOptions({
    queryKey: entityKeys.list('BankAccount', { sort: 'name', limit: 200 }),
    queryFn: () => filter<BankAccountRecord>('BankAccount', {}, 'name', 200),
  });

/** A bank account's statements, newest period first. */
export const statementsQuery = (bankAccountId: string) =>
  queryOptions({
    queryKey: entityKeys.list('BankStatement', { q: { bank_account_id: bankAccountId }, sort: '-period_end', limit: 100 }),
    queryFn: () => filter<BankStatementRecord>('BankStatement', { bank_account_id: bankAccountId }, '-period_end', 100),
    enabled: Boolean(bankAccountId),
  });

/** One page of a bank account's statement lines, newest first, with the total. */
export const bankLinesQuery = (bankAccountId: string, page: number) =>
  queryOptions({
    queryKey: entityKeys.list('BankStatementLine', { q: { bank_account_id: bankAccountId }, sort: '-date,-line_no', limit: LINES_PAGE_SIZE, skip: page * LINES_PAGE_SIZE }),
    queryFn: async () => {
      const q = { bank_account_id: bankAccountId };
      const [rows, total] = await Promise.all([filter<BankLineRecord>('BankStatementLine', q, '-date,-line_no', LINES_PAGE_SIZE, page * LINES_PAGE_SIZE), count('BankStatementLine', q)]);
      return { rows, total };
    },
    enabled: Boolean(bankAccountId),
    placeholderData: keepPreviousData,
  });

/** Imports a statement file into a bank account (the CSV mapping only for CSV files). */
export function useImportStatement(bankAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: CsvMapping | null }) => {
      const form = new FormData();
      form.append('file', file);
      if (mapping) form.append('mapping', JSON.stringify(mapping));
      return appRequest<StatementImportAnswer>(`/bank-accounts/${bankAccountId}/statements`, { method: 'POST', body: form });
    },
    onSuccess: () => invalidateBanking(queryClient),
  });
}

/** Undoes an import: the statement goes with its lines (refused once a line is matched). */
export function useDeleteStatement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => remove('BankStatement', id), onSuccess: () => invalidateBanking(queryClient) });
}

function invalidateBanking(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all((['BankAccount', 'BankStatement', 'BankStatementLine'] as const).map((e) => queryClient.invalidateQueries({ queryKey: entityKeys.all(e) })));
}
