import { z } from 'zod';
import { accountInput, fundInput, fundTransferInput } from './entities.ts';
import { blankAsNull } from './fields.ts';

/**
 * The Add/Edit Fund form: the fund (its code typed in any case, kept in capitals) and, for a new fund, the bank
 * account to open with it, given by number and name or not at all. The kind is not chosen: a new fund is 'other'.
 */
export const fundForm = fundInput
  .omit({ kind: true, code: true })
  .extend({
    code: z.string().transform((s) => s.toUpperCase()).pipe(fundInput.shape.code),
    bank_number: blankAsNull(accountInput.shape.account_number),
    bank_name: blankAsNull(accountInput.shape.account_name),
  })
  .refine((v) => (v.bank_number == null) === (v.bank_name == null), {
    path: ['bank_name'],
    message: 'Give both the number and the name of the bank account, or neither',
  });
export type FundFormValues = z.output<typeof fundForm>;

/** The Transfer Between Funds form: the transfer, refused before the server is asked when both sides are one fund. */
export const fundTransferForm = fundTransferInput.refine((v) => v.from_fund_id !== v.to_fund_id, { path: ['to_fund_id'], message: 'Choose two different funds' });
