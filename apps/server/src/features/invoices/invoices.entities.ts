import { invoiceBook } from './invoice.commands.ts';

/** Invoices and their lines, as the lifecycle defines them: every generic write goes through it. Owners read their own. */
export const invoiceEntity = invoiceBook.entity;
export const invoiceLineEntity = invoiceBook.lineEntity;
