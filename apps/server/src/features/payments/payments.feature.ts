import type { Feature } from '../../platform/registry.ts';
import { applyCredit, bouncePayment, recordPayment } from './payment.commands.ts';
import { paymentEntity, paymentInvoiceEntity } from './payments.entities.ts';
import { paymentListPage, paymentListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listPayments } from './payments.list.ts';

const STAFF_WRITE = 'payments read_write (administrators, property managers); every id is fetched through the caller\'s scope';

export const paymentsFeature: Feature = {
  name: 'payments', routes: async (app) => registerListRoute(app, 'payments', paymentListQuery, paymentListPage, listPayments),
  entities: [paymentEntity, paymentInvoiceEntity],
  functions: [
    { name: 'recordPayment', access: STAFF_WRITE, handler: recordPayment },
    { name: 'bouncePayment', access: STAFF_WRITE, handler: bouncePayment },
    { name: 'applyCredit', access: STAFF_WRITE, handler: applyCredit },
  ],
};
