import { registerFunction } from '../../platform/functions/functions.routes.ts';
import { recordPayment } from './payments.service.ts';

registerFunction('recordPayment', recordPayment);
