import type { Feature } from '../../platform/registry.ts';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { invoiceListPage, invoiceListQuery } from '@covenant/contracts/lists';
import { documentFunctions } from '../document-lifecycle/lifecycle.functions.ts';
import { invoiceBook } from './invoice.commands.ts';
import { invoiceEntity, invoiceLineEntity } from './invoices.entities.ts';
import { invoicesBackupStep } from './invoices.backup.ts';
import { listInvoices } from './invoices.list.ts';

export const invoicesFeature: Feature = {
  name: 'invoices', routes: async (app) => registerListRoute(app, 'invoices', invoiceListQuery, invoiceListPage, listInvoices),
  entities: [invoiceEntity, invoiceLineEntity],
  backup: [invoicesBackupStep],
  // saveInvoice: the editor's "Save Draft", "Approve & Send" and "Update & Send"; cancelInvoice: its applications reversed too.
  functions: documentFunctions(invoiceBook, { save: 'saveInvoice', cancel: 'cancelInvoice' }),
};
