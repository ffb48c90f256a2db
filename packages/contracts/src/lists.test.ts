import { describe, expect, it } from 'vitest';
import { billListQuery, invoiceListQuery, ownerListQuery, parseListSort, paymentListQuery, periodRange } from './lists.ts';

describe('periodRange', () => {
  it('gives [from, to) around today, across year ends', () => {
    expect(periodRange('this_month', '2026-01-15')).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(periodRange('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(periodRange('this_month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(periodRange('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(periodRange('this_year', '2026-07-04')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(periodRange('last_year', '2026-07-04')).toEqual({ from: '2025-01-01', to: '2026-01-01' });
  });
});

describe('list queries', () => {
  it('coerce paging from the URL and apply the screens’ defaults', () => {
    expect(ownerListQuery.parse({ limit: '48', skip: '96' })).toEqual({ limit: 48, skip: 96, sort: 'last_name' });
    expect(invoiceListQuery.parse({})).toMatchObject({ tab: 'all', limit: 50, skip: 0 });
  });

  it('refuse bad values with a readable message', () => {
    expect(ownerListQuery.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe('limit must be at most 500');
    expect(ownerListQuery.safeParse({ skip: '-1' }).error?.issues[0]?.message).toBe('skip must not be negative');
    expect(invoiceListQuery.safeParse({ property_id: 'x' }).error?.issues[0]?.message).toBe('must be a record id');
    expect(invoiceListQuery.safeParse({ tab: 'open' }).error?.issues[0]?.message).toBe('tab must be outstanding, all or cancelled');
  });
});

describe('a list’s sort', () => {
  it('defaults to newest first and takes a key or its reverse', () => {
    expect(invoiceListQuery.parse({}).sort).toBe('-invoice_date');
    expect(paymentListQuery.parse({}).sort).toBe('-payment_date');
    expect(billListQuery.parse({}).sort).toBe('-bill_date');
    expect(invoiceListQuery.parse({ sort: 'owner' }).sort).toBe('owner');
    expect(billListQuery.parse({ sort: '-vendor_name' }).sort).toBe('-vendor_name');
    expect(parseListSort('-total_amount')).toEqual({ key: 'total_amount', descending: true });
    expect(parseListSort('status')).toEqual({ key: 'status', descending: false });
  });

  it('refuses any other value with the keys it takes', () => {
    const message = 'sort must be one of payment_date, owner, payment_method, reference_number, amount, or one of them after - for the reverse order';
    for (const sort of ['status', '--amount', '-', '+amount', 'amount,id', 'AMOUNT', ' amount']) {
      expect(paymentListQuery.safeParse({ sort }).error?.issues[0]?.message, sort).toBe(message);
    }
  });
});
