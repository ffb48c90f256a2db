import { billBook } from './bill.commands.ts';

/** Vendor bills and their lines, as the lifecycle defines them; their payments are `billPaymentEntity` (bill-payments.ts). */
export const billEntity = billBook.entity;
export const billLineEntity = billBook.lineEntity;
