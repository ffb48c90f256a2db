import { registerFunction } from '../../platform/functions/functions.routes.ts';
import { runMonthlyBilling } from './billing.service.ts';

registerFunction('runMonthlyBilling', runMonthlyBilling);
