import type { MyAccount as MyAccountContract } from '@covenant/contracts/statements';
import { appRequest, downloadPdf } from '@/lib/api';
import type { Detailed } from '@/lib/contract-detail';

type Account = MyAccountContract;

/**
 * GET my-account: the contract's answer, with the fields this screen shows that the contract lets through loosely
 * (the owner's contact details, the charges' dates, the payments, the units and their co-owners), as myAccount() sends them.
 */
export type MyAccount = Detailed<
  Account,
  {
    owner: Account['owner'] & {
      resident_status: string;
      email: string | null;
      phone: string | null;
      mailing_address: string | null;
      mailing_address_2: string | null;
      city: string | null;
      state: string | null;
      zip_code: string | null;
    };
    open_charges: Array<Account['open_charges'][number] & { invoice_date: string; due_date: string | null; total_amount: number }>;
    recent_payments: Array<
      Account['recent_payments'][number] & { id: string; payment_number: string; payment_date: string; payment_method: string; status: string }
    >;
    units: Array<
      Detailed<
        Account['units'][number],
        {
          unit_number: string;
          street_address: string | null;
          city: string | null;
          ownership_percentage: number;
          relationship_type: string;
          co_owners: Array<Account['units'][number]['co_owners'][number] & { name: string; ownership_percentage: number; relationship_type: string }>;
        }
      >
    >;
  }
>;

export const myAccountQuery = () => ({ queryKey: ['my-account'], queryFn: () => appRequest<MyAccount>('/my-account') });

/** The signed-in user's statement for a period, as a PDF download. */
export const downloadMyStatement = (from: string, to: string) => downloadPdf(`/my-account/statement?from=${from}&to=${to}&format=pdf`, `statement-${from}-${to}.pdf`);

/** The caller's own phone, on their user record (PUT User/me): what an owner-type user edits today. */
export const updateMyPhone = (phone: string) => appRequest<unknown>('/entities/User/me', { method: 'PUT', body: { phone } });
