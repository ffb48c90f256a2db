import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeCsvErrors, type CsvRowError } from '@covenant/contracts/csv';
import {
  parseOpeningAccountsCsv, parseOpeningOwnersCsv, parseOpeningVendorsCsv, resolveRows, type OpeningParse, type Resolved,
} from '@covenant/contracts/opening-balances';
import { entityKeys, filter, invokeFunction, type EntityRecord } from '@/lib/entities';
import type { Account } from '@/features/chart-of-accounts/accounts.api';
import type { Fund } from '@/features/funds/funds.api';
import { OWNER_FIELDS, ownerName, type OwnerRef } from '@/features/invoices/invoices.api';
import { invalidateBooks } from '@/features/ledger/ledger.api';

export interface OpeningAccountLine {
  account_id: string;
  fund_id: string;
  debit: number;
  credit: number;
}

/** An owner's opening balance: positive when they owe (an opening charge), negative for a credit. */
export interface OpeningOwner {
  owner_id: string;
  number: string;
  name: string;
  amount: number;
  memo?: string | null | undefined;
}

export interface OpeningVendor {
  vendor_id: string;
  vendor_name: string;
  amount: number;
  reference: string;
}

export interface OpeningPayload {
  as_of: string;
  accounts: Array<{ account_id: string; fund_id: string; debit: string; credit: string }>;
  owners: Array<{ owner_id: string; amount: number; memo?: string | undefined }>;
  vendors: Array<{ vendor_id: string; amount: number; reference: string }>;
}

/** What the server answers for a dry run and an import: each figure of the tie-out and every problem. */
export interface TieOutSummary {
  as_of: string;
  receivables: number;
  owner_charges: number;
  owner_prepayments: number;
  owner_credits: number;
  payables: number;
  vendors: number;
  funds_balanced: boolean;
  ties_out: boolean;
  problems: string[];
}

export interface ImportResult extends TieOutSummary {
  entry_id: string;
  charges: number;
  credits: number;
  bills: number;
}

/** A file read, or the sentence naming its wrong rows. */
export type FileResult<T> = { ok: true; values: T[] } | { ok: false; message: string };

const failed = (errors: readonly CsvRowError[]): { ok: false; message: string } => ({ ok: false, message: describeCsvErrors(errors) });

async function resolved<T, R>(parsed: OpeningParse<T>, resolve: (records: T[], rows: number[]) => Promise<{ ok: true; values: R[] } | { ok: false; errors: CsvRowError[] }>): Promise<FileResult<R>> {
  if (!parsed.ok) return failed(parsed.errors);
  const out = await resolve(parsed.records, parsed.rows);
  return out.ok ? out : failed(out.errors);
}

/** account_number,fund_code,debit,credit against the chart of accounts and the funds. */
export function readAccountsCsv(text: string, accounts: readonly Account[], funds: readonly Fund[]): Promise<FileResult<OpeningAccountLine>> {
  return resolved(parseOpeningAccountsCsv(text), async (records, rows) => {
    const byNumber = new Map(accounts.map((a) => [a.account_number, a]));
    const byCode = new Map(funds.map((f) => [f.code.toUpperCase(), f]));
    return resolveRows(records, rows, (r): Resolved<OpeningAccountLine> => {
      const account = byNumber.get(r.account_number);
      if (!account) return { error: `no account numbered ${r.account_number}` };
      const fund = byCode.get(r.fund_code.toUpperCase());
      if (!fund) return { error: `no fund with the code ${r.fund_code}` };
      return { value: { account_id: account.id, fund_id: fund.id, debit: r.debit, credit: r.credit } };
    });
  });
}

/** Records whose `field` is one of `values`, asked for a few hundred at a time (the filter travels in the address). */
async function recordsWhere<T extends EntityRecord>(entity: 'Owner' | 'Vendor', field: string, values: readonly string[], fields: string[]): Promise<T[]> {
  const unique = [...new Set(values)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200);
    out.push(...(await filter<T>(entity, { [field]: { $in: chunk } }, undefined, chunk.length * 2, 0, fields)));
  }
  return out;
}

/** owner_id,amount,memo where owner_id is the owner's 6-digit ID, mapped to the owner's record. */
export function readOwnersCsv(text: string): Promise<FileResult<OpeningOwner>> {
  return resolved(parseOpeningOwnersCsv(text), async (records, rows) => {
    const owners = await recordsWhere<OwnerRef>('Owner', 'owner_id', records.map((r) => r.owner_id), OWNER_FIELDS);
    const byNumber = new Map(owners.map((o) => [o.owner_id, o]));
    return resolveRows(records, rows, (r): Resolved<OpeningOwner> => {
      const owner = byNumber.get(r.owner_id);
      if (!owner) return { error: `no owner with the ID ${r.owner_id}` };
      return { value: { owner_id: owner.id, number: owner.owner_id, name: ownerName(owner), amount: r.amount, memo: r.memo } };
    });
  });
}

/** vendor_name,amount,reference, the vendor found by its exact name. */
export function readVendorsCsv(text: string): Promise<FileResult<OpeningVendor>> {
  return resolved(parseOpeningVendorsCsv(text), async (records, rows) => {
    const vendors = await recordsWhere<EntityRecord & { vendor_name: string }>('Vendor', 'vendor_name', records.map((r) => r.vendor_name), ['id', 'vendor_name']);
    return resolveRows(records, rows, (r): Resolved<OpeningVendor> => {
      const named = vendors.filter((v) => v.vendor_name === r.vendor_name);
      if (named.length === 0) return { error: `no vendor named ${r.vendor_name}` };
      if (named.length > 1) return { error: `${named.length} vendors are named ${r.vendor_name}; rename one first` };
      return { value: { vendor_id: named[0]!.id, vendor_name: r.vendor_name, amount: r.amount, reference: r.reference } };
    });
  });
}

/** The tie-out of a file without writing anything (dry run). */
export const previewOpening = (payload: OpeningPayload) => invokeFunction<TieOutSummary>('importOpeningBalances', { ...payload, dry_run: true });

/** Imports the opening balances: refused whole by the server unless they tie out. */
export function useImportOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: OpeningPayload) => invokeFunction<ImportResult>('importOpeningBalances', { ...payload }),
    onSuccess: () =>
      Promise.all([
        invalidateBooks(queryClient),
        ...(['Invoice', 'Payment', 'Bill'] as const).map((e) => queryClient.invalidateQueries({ queryKey: entityKeys.all(e) })),
      ]),
  });
}
