import type { Feature } from '../../platform/registry.ts';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { billListPage, billListQuery } from '@covenant/contracts/lists';
import { documentFunctions } from '../document-lifecycle/lifecycle.functions.ts';
import { billBook } from './bill.commands.ts';
import { billPaymentEntity } from './bill-payments.ts';
import { billEntity, billLineEntity } from './bills.entities.ts';
import { billsBackupStep } from './bills.backup.ts';
import { listBills } from './bills.list.ts';

// saveBill posts once (Dr expenses and tax / Cr A/P); cancelBill is refused while the bill has payments.
export const [saveBillFn, cancelBillFn] = documentFunctions(billBook, { save: 'saveBill', cancel: 'cancelBill' });

export const billsFeature: Feature = {
  name: 'bills', routes: async (app) => registerListRoute(app, 'bills', billListQuery, billListPage, listBills),
  entities: [billEntity, billLineEntity, billPaymentEntity],
  backup: [billsBackupStep],
  functions: [saveBillFn, cancelBillFn],
};
