import type { Feature } from '../../platform/registry.ts';
import { applyCredit, bouncePaymentFn, recordPaymentFn } from './payment.commands.ts';
import { paymentEntity, paymentInvoiceEntity } from './payments.entities.ts';
import { paymentListPage, paymentListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listPayments } from './payments.list.ts';
import { paymentsBackupStep } from './payments.backup.ts';

export const paymentsFeature: Feature = {
  name: 'payments', routes: async (app) => registerListRoute(app, 'payments', paymentListQuery, paymentListPage, listPayments),
  entities: [paymentEntity, paymentInvoiceEntity],
  backup: [paymentsBackupStep],
  functions: [recordPaymentFn, bouncePaymentFn, applyCredit],
};
