import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundKind } from '@covenant/contracts/constants';
import { create, entityKeys, filter, invokeFunction, update, type EntityName, type EntityRecord } from '@/lib/entities';
import { invalidateBooks } from '@/features/ledger/ledger.api';

export const FUND: EntityName = 'Fund';

export interface Fund extends EntityRecord {
  code: string;
  name: string;
  kind: FundKind;
  is_active: boolean;
  description: string | null;
  /** 'operating' or 'reserve' for the two funds every association has. */
  system_key: string | null;
  /** The bank account the fund's money is in: one of the accounts marked with this fund. */
  cash_account_id: string | null;
}

/** A bank account: an account of the chart marked with the fund whose money it holds. */
export interface BankAccount extends EntityRecord {
  account_number: string;
  account_name: string;
  fund_id: string;
  is_active: boolean;
  system_key: string | null;
  balance: number | string | null;
}

export const fundLabel = (f: Pick<Fund, 'code' | 'name'>) => `${f.code} - ${f.name}`;
export const bankAccountLabel = (a: Pick<BankAccount, 'account_number' | 'account_name'>) => `${a.account_number} - ${a.account_name}`;

/** Every fund, by code (an association has a handful). */
export function fundsQuery() {
  return queryOptions({
    queryKey: entityKeys.list(FUND, { sort: 'code', limit: 500 }),
    queryFn: () => filter<Fund>(FUND, {}, 'code', 500),
    staleTime: 30_000,
  });
}

const BANK_QUERY = { fund_id: { $exists: true } };

/** The bank accounts of every fund, by account number. */
export function bankAccountsQuery() {
  return queryOptions({
    queryKey: entityKeys.list('ChartOfAccount', { q: BANK_QUERY, sort: 'account_number', limit: 500 }),
    queryFn: () => filter<BankAccount>('ChartOfAccount', BANK_QUERY, 'account_number', 500),
    staleTime: 30_000,
  });
}

/** The Operating fund's id, the default of every fund picker (the server defaults to it too). */
export function useOperatingFundId(): string {
  const funds = useQuery(fundsQuery());
  return funds.data?.find((f) => f.system_key === 'operating')?.id ?? '';
}

/** Operating Cash's id, the default deposit and payment account (the server defaults to it too). */
export function useOperatingCashId(): string {
  const accounts = useQuery(bankAccountsQuery());
  return accounts.data?.find((a) => a.system_key === 'cash')?.id ?? '';
}

export interface FundValues {
  code: string;
  name: string;
  description: string;
  is_active: boolean;
  cash_account_id: string | null;
}

/** A new fund is of kind 'other'; Operating and Reserve are seeded and keep theirs. */
export function saveFund(fund: Fund | null, values: FundValues) {
  const body = { code: values.code, name: values.name, description: values.description || null, is_active: values.is_active, cash_account_id: values.cash_account_id };
  return fund ? update<Fund>(FUND, fund.id, body) : create<Fund>(FUND, { ...body, kind: 'other' });
}

/** A new fund's bank account: an asset account marked with the fund, then chosen as the fund's cash account. */
export async function createBankAccount(fund: Fund, account: { account_number: string; account_name: string }) {
  const created = await create<BankAccount>('ChartOfAccount', { ...account, account_type: 'asset', account_subtype: 'current_asset', fund_id: fund.id });
  return update<Fund>(FUND, fund.id, { cash_account_id: created.id });
}

export interface TransferInput {
  date: string;
  from_fund_id: string;
  to_fund_id: string;
  amount: string;
  memo?: string | undefined;
}

/** Moves cash from one fund's bank account to another's (transferBetweenFunds); the books of each fund change. */
export function useTransferBetweenFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferInput) => invokeFunction<{ entry_id: string; amount: number }>('transferBetweenFunds', { ...input }),
    onSuccess: () => invalidateBooks(queryClient),
  });
}
