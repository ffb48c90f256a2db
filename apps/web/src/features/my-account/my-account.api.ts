import { appRequest, downloadPdf } from '@/lib/api';

export interface MyAccount {
  owner: {
    id: string; owner_id: string; name: string; resident_status: string; email: string | null; phone: string | null;
    mailing_address: string | null; mailing_address_2: string | null; city: string | null; state: string | null; zip_code: string | null;
  };
  as_of: string;
  balance: number;
  past_due: number;
  next_due: { date: string; amount: number } | null;
  open_charges: Array<{ id: string; invoice_number: string; invoice_date: string; due_date: string | null; total_amount: number; open: number }>;
  recent_payments: Array<{ id: string; payment_number: string; payment_date: string; amount: number; payment_method: string; status: string }>;
  units: Array<{
    property_id: string; unit_number: string; street_address: string | null; city: string | null; ownership_percentage: number; relationship_type: string;
    co_owners: Array<{ name: string; ownership_percentage: number; relationship_type: string }>;
  }>;
}

export const myAccountQuery = () => ({ queryKey: ['my-account'], queryFn: () => appRequest<MyAccount>('/my-account') });

/** The signed-in user's statement for a period, as a PDF download. */
export const downloadMyStatement = (from: string, to: string) => downloadPdf(`/my-account/statement?from=${from}&to=${to}&format=pdf`, `statement-${from}-${to}.pdf`);

/** The caller's own phone, on their user record (PUT User/me): what an owner-type user edits today. */
export const updateMyPhone = (phone: string) => appRequest<unknown>('/entities/User/me', { method: 'PUT', body: { phone } });
