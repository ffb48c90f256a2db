import { registerFunction } from '../../platform/functions/functions.routes.ts';
import { saveBill } from '../bills/save-bill.service.ts';
import { saveInvoice } from './save-invoice.service.ts';

registerFunction('saveInvoice', saveInvoice);
registerFunction('saveBill', saveBill);
