import type { Feature } from '../../platform/registry.ts';
import { runMonthlyBilling } from './billing.service.ts';

export const billingFeature: Feature = {
  name: 'billing',
  functions: [{ name: 'runMonthlyBilling', access: 'invoices read_write (administrators, property managers)', handler: runMonthlyBilling }],
};
