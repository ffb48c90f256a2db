import { billInput, billLineInput, billPaymentInput } from '@covenant/contracts/entities';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import type { Ctx } from '../../lib/context.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import type { BackupData, BackupStep, IdMaps } from '../../platform/backup/backup-step.ts';
import { belongingTo, collectionSchemas, contractValues, mapRef, naming, optionalDateOf, readAll, str } from '../../platform/backup/contract-step.ts';
import { listOf } from '../../platform/backup/table-step.ts';
import { systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { extendedPrice } from '../document-lifecycle/lifecycle.commands.ts';
import { bankFunds, documentControlAccounts, fundSplitOf, linesByDocument } from '../document-lifecycle/lifecycle.backup.ts';
import { computeDocument, payable } from '../document-lifecycle/lifecycle.rules.ts';
import { payableByFund, type FundAmount } from '../ledger/posting.rules.ts';
import { insertBillPayments } from './bill-payments.ts';
import { insertBills, replayBillCancellation, type CompletedBillLine, type NewBillDoc } from './bill.commands.ts';
import { assertBillPayment } from './bill.rules.ts';

const collections = {
  bills: { entity: 'Bill', schema: billInput },
  billLineItems: { entity: 'BillLineItem', schema: billLineInput },
  /** Beyond the spec's list: payments made on bills, so restored bills keep what was paid on them. */
  billPayments: { entity: 'BillPayment', schema: billPaymentInput },
};

const account = { table: 'chart_of_accounts', name: 'account' };

/** Bills and their payments, checked by the lifecycle's and the bill payments' rules and written by the bill commands' bulk writers. */
async function restoreBills(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const acc = await systemAccounts(tx);
  const fundIds = await systemFunds(tx);
  const bankFund = await bankFunds(tx);
  const control = await documentControlAccounts(tx);
  const billRecords = listOf(data, 'bills');
  const lineGroups = linesByDocument(listOf(data, 'billLineItems'), 'bill_id', new Set(billRecords.map((r) => str(r.id))), 'billLineItems', 'bill line item');
  interface BillInfo { doc: NewBillDoc; where: string; balanceCents: number; byFund: FundAmount[]; paidByFund: Map<string, number>; cancelledOn: string | null; reason: string | null }
  const billByOld = new Map<string, BillInfo>();
  for (const [i, raw] of billRecords.entries()) {
    const where = `bills #${i + 1} (bill ${str(raw.bill_number)})`;
    const v = contractValues(tx, collections.bills, { ...raw, vendor_id: mapRef(ids, { table: 'vendors', name: 'vendor' }, raw.vendor_id, 'vendor_id', where) }, where);
    const cancelledOn = optionalDateOf(raw, 'cancelled_date', where);
    const status = str(v.status || 'pending');
    const phase = status === 'draft' ? 'draft' : status === 'cancelled' ? (cancelledOn ? 'issued' : 'cancelled') : 'issued';
    const lines: CompletedBillLine[] = (lineGroups.get(str(raw.id)) ?? []).map(({ raw: lr, where: lw }) => {
      const lv = contractValues(tx, collections.billLineItems, {
        ...lr, bill_id: '000000000000000000000000', account_id: mapRef(ids, account, lr.account_id, 'account_id', lw), fund_id: mapRef(ids, { table: 'funds', name: 'fund' }, lr.fund_id, 'fund_id', lw),
      }, lw);
      if (!lv.account_id) throw new ValidationError(`Backup ${lw}: account_id: choose the expense account of the line`);
      if (control.has(lv.account_id as string)) throw new ValidationError(`Backup ${lw}: its account is a control account, which changes only through documents`);
      const quantity = String(lv.quantity);
      const price = String(lv.unit_price);
      return {
        description: (lv.description as string | null) ?? null, quantity, unit_price: price, account_id: lv.account_id as string,
        fund_id: (lv.fund_id as string | null) ?? fundIds.operating, extended_price: extendedPrice(quantity, price),
      };
    });
    const doc: NewBillDoc = {
      id: newId(), bill_number: v.bill_number as string, vendor_id: v.vendor_id as string, bill_date: v.bill_date as string, due_date: (v.due_date as string | null) ?? (v.bill_date as string),
      tax_amount: centsToDecimal(toCents((v.tax_amount as number | null) ?? 0)), payment_terms: v.payment_terms as string | null, notes: v.notes as string | null, phase, lines,
    };
    const computed = naming(where, () => computeDocument(payable, { id: doc.id!, party_id: doc.vendor_id, tax: doc.tax_amount, phase: doc.phase, lines, paidCents: 0 }, acc, fundIds));
    const byFund = payableByFund({ lines: lines.map((l, k) => ({ ...l, cents: computed.lineCents[k]! })), taxCents: computed.taxCents }, fundIds);
    billByOld.set(str(raw.id), { doc, where, balanceCents: doc.phase === 'issued' ? computed.totalCents : 0, byFund, paidByFund: new Map(), cancelledOn, reason: (raw.cancel_reason as string | null) ?? null });
  }
  const paymentRows: Parameters<typeof insertBillPayments>[1][number][] = [];
  for (const [i, raw] of listOf(data, 'billPayments').entries()) {
    const where = `billPayments #${i + 1} (bill payment)`;
    const bill = billByOld.get(str(raw.bill_id));
    if (!bill) throw new ValidationError(`Backup ${where}: bill_id ${str(raw.bill_id)} does not match any bill in the file`);
    const v = contractValues(tx, collections.billPayments, { ...raw, bill_id: bill.doc.id, cash_account_id: mapRef(ids, account, raw.cash_account_id, 'cash_account_id', where) }, where);
    const cents = toCents(v.amount as number);
    const cash = (v.cash_account_id as string | null) ?? acc.cash;
    const cashFund = bankFund.get(cash);
    if (!cashFund) throw new ValidationError(`Backup ${where}: cash_account_id is not a bank account of a fund`);
    naming(where, () => {
      if (bill.cancelledOn) throw new ConflictError(`bill ${bill.doc.bill_number} is cancelled, and a bill with payments cannot be cancelled`, 'cancelled');
      assertBillPayment({ phase: bill.doc.phase, status: bill.doc.phase === 'draft' ? 'draft' : 'cancelled', bill_date: bill.doc.bill_date, balanceCents: bill.balanceCents }, cents, v.payment_date as string);
    });
    const split = naming(where, () => fundSplitOf(raw.fund_split, ids, cents, bill.byFund, bill.paidByFund));
    for (const part of split) bill.paidByFund.set(part.fund_id, (bill.paidByFund.get(part.fund_id) ?? 0) + part.cents);
    bill.balanceCents -= cents;
    bill.doc.paidCents = (bill.doc.paidCents ?? 0) + cents;
    const billPaymentId = newId();
    if (raw.id) ids.set('bill_payments', str(raw.id), billPaymentId);
    paymentRows.push({
      id: billPaymentId, bill_id: bill.doc.id!, payment_date: v.payment_date as string, amount: centsToDecimal(cents), payment_method: (v.payment_method as 'check' | undefined) ?? 'check',
      reference_number: (v.reference_number as string | null) ?? null, notes: (v.notes as string | null) ?? null, cash_account_id: cash, fund_split: split,
      check_number: (v.check_number as string | null) ?? null,
      vendor_id: bill.doc.vendor_id, bill_number: bill.doc.bill_number, cash_fund_id: cashFund,
    });
  }
  for (const [old, b] of billByOld) ids.set('bills', old, b.doc.id!);
  await insertBills(tx, [...billByOld.values()].map((b) => b.doc));
  await insertBillPayments(tx, paymentRows);
  for (const b of billByOld.values()) {
    if (b.doc.phase === 'issued' && b.cancelledOn) await replayBillCancellation(tx, b.doc.id!, b.cancelledOn, b.reason);
  }
  return { bills: billByOld.size, billLineItems: [...billByOld.values()].reduce((s, b) => s + b.doc.lines.length, 0), billPayments: paymentRows.length };
}

/** Bills with their lines and payments; the lines and payments of hidden (deleted) bills stay out, as the bills do. */
async function backupBills(ctx: Ctx): Promise<Record<string, Row[]>> {
  const bills = await readAll(ctx, 'Bill');
  return { bills, billLineItems: belongingTo(await readAll(ctx, 'BillLineItem'), 'bill_id', bills), billPayments: belongingTo(await readAll(ctx, 'BillPayment'), 'bill_id', bills) };
}

export const billsBackupStep: BackupStep = { name: 'bills', order: 17, tables: ['bills', 'bill_line_items', 'bill_payments'], collections: collectionSchemas(collections), backup: backupBills, restore: restoreBills };
