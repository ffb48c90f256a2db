import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Account, Fund } from '@covenant/contracts/entity-records';
import type { FundFormValues, fundTransferForm } from '@covenant/contracts/funds-form';
import { create, entityKeys, filter, invokeFunction, update, type EntityName } from '@/lib/entities';
import { invalidateBooks } from '@/features/ledger/ledger.api';

export const FUND: EntityName = 'Fund';

export type { Fund };

/** A bank account: an account of the chart marked with the fund whose money it holds. */
export type BankAccount = Account & { fund_id: string };

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

/** A new fund is of kind 'other' (Operating and Reserve are seeded and keep theirs) and may open its bank account at once. */
export async function saveFund(fund: Fund | null, { bank_number, bank_name, ...body }: FundFormValues): Promise<{ bankError: unknown }> {
  if (fund) {
    await update<Fund>(FUND, fund.id, body);
    return { bankError: null };
  }
  const created = await create<Fund>(FUND, { ...body, kind: 'other' });
  // The fund exists now whatever happens to its bank account; a refusal of the account is reported on its own.
  if (!bank_number || !bank_name) return { bankError: null };
  return createBankAccount(created, { account_number: bank_number, account_name: bank_name }).then(
    () => ({ bankError: null }),
    (e: unknown) => ({ bankError: e }),
  );
}

/** A new fund's bank account: an asset account marked with the fund, then chosen as the fund's cash account. */
async function createBankAccount(fund: Fund, account: { account_number: string; account_name: string }) {
  const created = await create<BankAccount>('ChartOfAccount', { ...account, account_type: 'asset', account_subtype: 'current_asset', fund_id: fund.id });
  return update<Fund>(FUND, fund.id, { cash_account_id: created.id });
}

/** Moves cash from one fund's bank account to another's (transferBetweenFunds); the books of each fund change. */
export function useTransferBetweenFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof fundTransferForm>) => invokeFunction<{ entry_id: string; amount: number }>('transferBetweenFunds', { ...input }),
    onSuccess: () => invalidateBooks(queryClient),
  });
}
