import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvMapping, MatchBankLinesAnswer, MatchCandidate, StatementImportAnswer } from '@covenant/contracts/banking';
import { appRequest, downloadPdf } from '@/lib/api';
import { count, entityKeys, filter, invokeFunction, remove } from '@/lib/entities';

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
  return Promise.all((['BankAccount', 'BankStatement', 'BankStatementLine', 'BankReconciliation'] as const).map((e) => queryClient.invalidateQueries({ queryKey: entityKeys.all(e) })));
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

export type MatchRule = MatchBankLinesAnswer['matched'][number]['rule'];

/** What a matched line is matched to, as the server lists it. */
export interface MatchedDocument {
  doc_type: 'payment' | 'bill_payment' | 'journal_entry';
  doc_id: string;
  rule: MatchRule;
  date: string | null;
  amount: number | null;
  reference: string | null;
}

export interface QueueLine extends BankLineRecord {
  excluded_reason: string | null;
  matches: MatchedDocument[];
}

export const QUEUE_PAGE_SIZE = 100;

/** A page of the account's lines of one status, newest first, with what each is matched to. */
export const queueLinesQuery = (bankAccountId: string, status: BankLineRecord['status'], page: number) =>
  queryOptions({
    queryKey: [...entityKeys.all('BankStatementLine'), 'queue', bankAccountId, status, page],
    queryFn: () => appRequest<{ rows: QueueLine[]; total: number }>(`/bank-accounts/${bankAccountId}/lines?status=${status}&limit=${QUEUE_PAGE_SIZE}&skip=${page * QUEUE_PAGE_SIZE}`),
    enabled: Boolean(bankAccountId),
    placeholderData: keepPreviousData,
  });

/** The account's unmatched payments, bill payments and entries between two dates (to match a line by hand). */
export const unmatchedDocumentsQuery = (bankAccountId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...entityKeys.all('BankStatementLine'), 'documents', bankAccountId, from, to],
    queryFn: () => appRequest<MatchCandidate[]>(`/bank-accounts/${bankAccountId}/unmatched-documents?from=${from}&to=${to}`),
  });

/** Runs the matching passes: a dry run suggests, a real run records. */
export function useMatchBankLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bank_account_id: string; dry_run: boolean }) => invokeFunction<MatchBankLinesAnswer>('matchBankLines', input),
    onSuccess: (_answer, input) => (input.dry_run ? undefined : invalidateBanking(queryClient)),
  });
}

/** The documents chosen for a line, by kind. */
export function idsByKind(chosen: ReadonlyArray<Pick<MatchCandidate, 'kind' | 'id'>>) {
  const of = (kind: MatchCandidate['kind']) => chosen.filter((c) => c.kind === kind).map((c) => c.id);
  return { payment_ids: of('payment'), bill_payment_ids: of('bill_payment'), journal_entry_ids: of('journal_entry') };
}

/** matchBankLine, unmatchBankLine and excludeBankLine: one line at a time. */
export function useLineAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'match'; line_id: string; payment_ids: string[]; bill_payment_ids: string[]; journal_entry_ids: string[] } | { kind: 'unmatch'; line_id: string } | { kind: 'exclude'; line_id: string; reason: string }) => {
      const { kind, ...params } = action;
      const name = kind === 'match' ? 'matchBankLine' : kind === 'unmatch' ? 'unmatchBankLine' : 'excludeBankLine';
      return invokeFunction<QueueLine>(name, params);
    },
    onSuccess: () => invalidateBanking(queryClient),
  });
}

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

export interface ReconciliationRecord {
  id: string;
  bank_account_id: string;
  statement_date: string;
  beginning_balance: number;
  ending_balance: number;
  status: 'draft' | 'completed' | 'void';
  completed_date: string | null;
  voided_date: string | null;
  void_reason: string | null;
}

export interface ReconciliationView {
  reconciliation: ReconciliationRecord;
  bank_account_name: string;
  figures: { beginning_balance: number; ending_balance: number; cleared_deposits: number; cleared_withdrawals: number; cleared_balance: number; difference: number };
  postings: Array<{ journal_line_id: string; date: string; amount: number; cleared: boolean; reference: string | null; description: string | null }>;
}

/** The account's reconciliations, newest statement first. */
export const reconciliationsQuery = (bankAccountId: string) =>
  queryOptions({
    queryKey: entityKeys.list('BankReconciliation', { q: { bank_account_id: bankAccountId }, sort: '-statement_date', limit: 120 }),
    queryFn: () => filter<ReconciliationRecord>('BankReconciliation', { bank_account_id: bankAccountId }, '-statement_date', 120),
    enabled: Boolean(bankAccountId),
  });

/** A reconciliation with its running figures and the postings to clear. */
export const reconciliationViewQuery = (id: string) =>
  queryOptions({
    queryKey: [...entityKeys.all('BankReconciliation'), 'view', id],
    queryFn: () => appRequest<ReconciliationView>(`/reconciliations/${id}`),
  });

/** The functions of a reconciliation; each answers the reconciliation as it now is. */
export function useReconciliationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, params }: { name: 'startReconciliation' | 'setCleared' | 'completeReconciliation' | 'voidReconciliation'; params: Record<string, unknown> }) =>
      invokeFunction<ReconciliationView>(name, params),
    onSuccess: (view) => {
      queryClient.setQueryData(reconciliationViewQuery(view.reconciliation.id).queryKey, view);
      return queryClient.invalidateQueries({ queryKey: entityKeys.list('BankReconciliation', { q: { bank_account_id: view.reconciliation.bank_account_id }, sort: '-statement_date', limit: 120 }) });
    },
  });
}

export function useDeleteReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => remove('BankReconciliation', id), onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all('BankReconciliation') }) });
}

export const downloadReconciliationReport = (r: ReconciliationRecord, accountName: string) =>
  downloadPdf(`/reconciliations/${r.id}/report?format=pdf`, `reconciliation-${accountName.replace(/[^A-Za-z0-9]+/g, '-')}-${r.statement_date}.pdf`);
