import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStartBefore, monthsBetween, todayIn } from '@covenant/contracts/dates';
import { booksSession, type BooksSession } from './books-helpers.ts';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';

/** The charts' figures: monthly-activity on Reports and collections_by_month on the dashboard, against hand-worked sums. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let s: BooksSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  s = await booksSession(t, admin.token);
});
afterAll(async () => t?.close());

const invoiceFor = (ownerId: string, date: string, lines: Array<{ unit_price: number; account_id?: string }>) =>
  s.ok('POST', '/functions/saveInvoice', { owner_id: ownerId, invoice_date: date, status: 'sent', lines: lines.map((l) => ({ description: 'Charge', quantity: 1, ...l })) });

describe('monthly-activity report', () => {
  it('splits revenue, expenses and payments by month; the months add up to the income statement and the summary', async () => {
    const ann = await makeOwner(t, admin.token);
    const bob = await makeOwner(t, admin.token);
    const a1 = await invoiceFor(ann.id, '2025-01-10', [{ unit_price: 300 }, { unit_price: 25, account_id: s.accounts['4100'] }]);
    await invoiceFor(bob.id, '2025-01-31', [{ unit_price: 300 }]);
    const a3 = await invoiceFor(ann.id, '2025-03-01', [{ unit_price: 310.5 }]);
    const vendor = await s.ok('POST', '/entities/Vendor', { vendor_name: 'Monthly Landscaping' });
    await s.ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'ML-1', bill_date: '2025-02-14', lines: [{ description: 'Mowing', quantity: 1, unit_price: 420, account_id: s.accounts['5000'] }] });
    await s.ok('POST', '/functions/recordPayment', { owner_id: ann.id, amount: 325, payment_date: '2025-02-03', invoice_ids: [a1.id] });
    await s.ok('POST', '/functions/recordPayment', { owner_id: ann.id, amount: 100.25, payment_date: '2025-03-20', invoice_ids: [a3.id] });

    const report = await s.ok('GET', '/reports/monthly-activity?from=2025-01-01&to=2025-04-30');
    expect(report.months).toEqual([
      { month: '2025-01', revenue: 625, expenses: 0, net_income: 625, payments_received: 0 },
      { month: '2025-02', revenue: 0, expenses: 420, net_income: -420, payments_received: 325 },
      { month: '2025-03', revenue: 310.5, expenses: 0, net_income: 310.5, payments_received: 100.25 },
      { month: '2025-04', revenue: 0, expenses: 0, net_income: 0, payments_received: 0 },
    ]);
    expect(report).toMatchObject({ from: '2025-01-01', to: '2025-04-30', total_revenue: 935.5, total_expenses: 420, net_income: 515.5, payments_received: 425.25 });
    const summary = await s.ok('GET', '/reports/summary?from=2025-01-01&to=2025-04-30');
    expect(summary).toMatchObject({ total_revenue: report.total_revenue, total_expenses: report.total_expenses, net_income: report.net_income, payments_received: report.payments_received });

    // A period that starts and ends inside months counts only its own days.
    const part = await s.ok('GET', '/reports/monthly-activity?from=2025-01-15&to=2025-03-10');
    expect(part.months.map((m: { month: string; revenue: number }) => [m.month, m.revenue])).toEqual([['2025-01', 300], ['2025-02', 0], ['2025-03', 310.5]]);

    const csv = await s.call('GET', '/reports/monthly-activity?from=2025-01-01&to=2025-02-28&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split(/\r?\n/)).toEqual(['month,revenue,expenses,net_income,payments_received', '2025-01,625,0,625,0', '2025-02,0,420,-420,325', 'Total,625,420,205,325']);

    // One fund: the reserve fund had none of this.
    const reserve = await s.ok('GET', `/reports/monthly-activity?from=2025-01-01&to=2025-04-30&fund=${s.funds.reserve}`);
    expect(reserve).toMatchObject({ total_revenue: 0, total_expenses: 0, payments_received: 0 });
  });

  it('refuses a period longer than ten years and a reversed one, with a message', async () => {
    const long = await s.refused(400, 'GET', '/reports/monthly-activity?from=2010-01-01&to=2025-12-31');
    expect(long.message).toMatch(/at most 120 months/);
    const reversed = await s.refused(400, 'GET', '/reports/monthly-activity?from=2025-05-01&to=2025-04-01');
    expect(reversed.message).toMatch(/from must not be after to/);
  });

  it('needs reports read: owners are refused', async () => {
    const owner = await createUser(t, 'owner');
    await s.refused(403, 'GET', '/reports/monthly-activity?from=2025-01-01&to=2025-01-31', undefined, owner.token);
  });
});

describe('dashboard collections by month', () => {
  it('the last twelve months, this one included, by the payments-received definition; an owner sees their own', async () => {
    const day = todayIn('UTC');
    const months = monthsBetween(monthStartBefore(day, 11), day);
    const carl = await makeOwner(t, admin.token);
    const dora = await makeOwner(t, admin.token);
    const thisMonth = `${months[11]}-01`;
    const lastYear = `${months[0]}-01`;
    await s.ok('POST', '/functions/recordPayment', { owner_id: carl.id, amount: 80, payment_date: thisMonth, invoice_ids: [] });
    await s.ok('POST', '/functions/recordPayment', { owner_id: dora.id, amount: 45.5, payment_date: thisMonth, invoice_ids: [] });
    await s.ok('POST', '/functions/recordPayment', { owner_id: carl.id, amount: 12, payment_date: lastYear, invoice_ids: [] });
    // Older than twelve months: outside the chart.
    await s.ok('POST', '/functions/recordPayment', { owner_id: carl.id, amount: 999, payment_date: monthStartBefore(day, 12), invoice_ids: [] });

    const adminView = (await s.ok('GET', '/dashboard/summary')) as { collections_by_month: Array<{ month: string; payments_received: number }> };
    expect(adminView.collections_by_month.map((m) => m.month)).toEqual(months);
    const adminThisMonth = adminView.collections_by_month[11]!.payments_received;
    expect(adminThisMonth).toBeGreaterThanOrEqual(125.5);
    const report = await s.ok('GET', `/reports/monthly-activity?from=${monthStartBefore(day, 11)}&to=${day}`);
    expect(adminView.collections_by_month.map((m) => m.payments_received)).toEqual(report.months.map((m: { payments_received: number }) => m.payments_received));

    const user = await createUser(t, 'owner', { owner_id: carl.id });
    const own = (await t.call('GET', '/dashboard/summary', { token: user.token })).json() as typeof adminView;
    expect(own.collections_by_month[0]).toEqual({ month: months[0], payments_received: 12 });
    expect(own.collections_by_month[11]).toEqual({ month: months[11], payments_received: 80 });
    expect(own.collections_by_month.slice(1, 11).every((m) => m.payments_received === 0)).toBe(true);

    const guest = await createUser(t, 'guest_contact');
    expect((await t.call('GET', '/dashboard/summary', { token: guest.token })).json().collections_by_month).toEqual([]);
  });
});
