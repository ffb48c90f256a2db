/**
 * The management company: associations created from the template or a copy, one sign-in with a membership and a
 * role per association, archive (read-only), staffing, the portfolio's figures from each association's own ledger.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '@covenant/db/schema/shared';
import { createTestApp, createUser, makeOwner, makeProperty, outbox, type TestApp } from './helpers.ts';

let t: TestApp;
let boss: { id: string; token: string; email: string };

const portfolio = (method: string, url: string, token: string | undefined, body?: unknown) =>
  t.app.inject({
    method: method as 'GET', url: `/api/portfolio${url}`, payload: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
const inApp = (appId: string, method: string, url: string, token: string | undefined, body?: unknown) =>
  t.call(method, `/api/apps/${appId}${url}`, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  boss = await createUser(t, 'admin');
  await t.db.db.update(people).set({ portfolio_role: 'portfolio_admin' }).where(eq(people.id, boss.id));
}, 120_000);
afterAll(async () => t?.close());

const NEW = { name: 'Bayview Towers', app_id: 'bayview', state: 'FL', time_zone: 'America/New_York', fiscal_year_start_month: 7 };

describe('creating an association', () => {
  it('refuses bad input in words, and callers who are not portfolio administrators', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...NEW, app_id: 'Bay View' }, /App ID must be 3 to 40 lowercase letters/],
      [{ ...NEW, app_id: 'ab' }, /App ID must be 3 to 40/],
      [{ ...NEW, state: 'XX' }, /State must be a two-letter US state code/],
      [{ ...NEW, time_zone: 'Mars/Olympus' }, /Time zone must be an IANA time zone/],
      [{ ...NEW, fiscal_year_start_month: 13 }, /Fiscal year start month must be between 1 and 12/],
      [{ ...NEW, name: '' }, /Name is required/],
    ];
    for (const [body, message] of cases) {
      const res = await portfolio('POST', '/associations', boss.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const manager = await createUser(t, 'admin');
    expect((await portfolio('POST', '/associations', manager.token, NEW)).statusCode).toBe(403);
    expect((await portfolio('POST', '/associations', undefined, NEW)).statusCode).toBe(401);
    expect((await portfolio('POST', '/associations', boss.token, { ...NEW, app_id: 'covenant-test' })).statusCode).toBe(409);
  });

  it('makes the association with the standard template, its settings, and the caller its administrator', async () => {
    const res = await portfolio('POST', '/associations', boss.token, NEW);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ app_id: 'bayview', name: 'Bayview Towers', state: 'FL', archived: false, role: 'admin', figures: { units: 0, owners: 0, receivables: 0, cash: 0 } });
    const settings = (await inApp('bayview', 'GET', '/entities/OrgSettings', boss.token)).json();
    expect(settings).toEqual([expect.objectContaining({ company_name: 'Bayview Towers', state: 'FL', time_zone: 'America/New_York', fiscal_year_start_month: 7 })]);
    const chart = (await inApp('bayview', 'GET', '/entities/ChartOfAccount', boss.token)).json() as unknown[];
    expect(chart.length).toBeGreaterThan(15);
    expect((await inApp('bayview', 'GET', '/entities/User/me', boss.token)).json()).toMatchObject({ user_role: 'admin' });
    expect((await portfolio('POST', '/associations', boss.token, NEW)).statusCode).toBe(409);
  });

  it('copies the chart of accounts, funds, items, roles and privileges of another association', async () => {
    const custom = await inApp('covenant-test', 'POST', '/entities/ChartOfAccount', boss.token, { account_number: '4777', account_name: 'Marina Slip Fees', account_type: 'revenue' });
    expect(custom.statusCode, custom.body).toBe(200);
    await inApp('covenant-test', 'POST', '/entities/Product', boss.token, { product_code: 'SLIP', description: 'Boat slip', unit_price: 80, account_id: custom.json().id });
    const res = await portfolio('POST', '/associations', boss.token, { ...NEW, name: 'Harbor Point', app_id: 'harbor-point', state: 'CA', copy_from_app_id: 'covenant-test' });
    expect(res.statusCode, res.body).toBe(200);
    const chart = (await inApp('harbor-point', 'GET', '/entities/ChartOfAccount?sort=account_number', boss.token)).json() as Array<{ account_number: string; account_name: string }>;
    expect(chart.find((a) => a.account_number === '4777')).toMatchObject({ account_name: 'Marina Slip Fees' });
    const items = (await inApp('harbor-point', 'GET', '/entities/Product', boss.token)).json() as Array<{ product_code: string }>;
    expect(items.map((i) => i.product_code)).toContain('SLIP');
    expect((await inApp('bayview', 'GET', '/entities/Product', boss.token)).json()).toEqual([]);
  });
});

describe('one sign-in, a membership and a role per association', () => {
  it('a token works where its person is a member and answers 403 elsewhere; ids of one association are 404 in another', async () => {
    const a = await makeOwner(t, boss.token, { owner_id: '717001', first_name: 'Ann', last_name: 'Arbor' });
    const member = await createUser(t, 'property_manager');
    expect((await inApp('covenant-test', 'GET', '/entities/Owner', member.token)).statusCode).toBe(200);
    const elsewhere = await inApp('bayview', 'GET', '/entities/Owner', member.token);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('not_a_member');
    expect((await inApp('bayview', 'GET', `/entities/Owner/${a.id}`, boss.token)).statusCode).toBe(404);
    expect((await inApp('nowhere-hoa', 'GET', '/entities/Owner', boss.token)).statusCode).toBe(404);
    // The public settings tell the web app the person is not registered there.
    const pub = await t.call('GET', '/api/apps/public/prod/public-settings/by-id/bayview', { token: member.token });
    expect(pub.json().extra_data).toEqual({ reason: 'user_not_registered' });

    // Staffed in bayview as an owner there: the role comes from that membership.
    const staffed = await portfolio('POST', '/associations/bayview/members', boss.token, { email: member.email, role: 'owner' });
    expect(staffed.statusCode, staffed.body).toBe(200);
    expect(staffed.json()).toEqual({ email: member.email, role: 'owner', outcome: 'member' });
    expect((await inApp('bayview', 'GET', '/entities/User/me', member.token)).json()).toMatchObject({ user_role: 'owner' });
    expect((await inApp('covenant-test', 'GET', '/entities/User/me', member.token)).json()).toMatchObject({ user_role: 'property_manager' });
    expect((await inApp('bayview', 'POST', '/entities/Owner', member.token, { owner_id: '717002', first_name: 'No', last_name: 'Way' })).statusCode).toBe(403);
    const mine = (await portfolio('GET', '/associations', member.token)).json();
    expect(mine.portfolio_admin).toBe(false);
    expect(mine.associations.map((x: { app_id: string; role: string }) => [x.app_id, x.role]).sort()).toEqual([['bayview', 'owner'], ['covenant-test', 'property_manager']]);

    // A new person is invited into that association (its own outbox), then removed staff lose access.
    const invited = await portfolio('POST', '/associations/bayview/members', boss.token, { email: 'new.manager@example.com', role: 'property_manager' });
    expect(invited.json()).toMatchObject({ outcome: 'invited' });
    const bayviewMail = (await inApp('bayview', 'GET', '/outbox', boss.token)).json() as Array<{ to: string; text: string }>;
    expect(bayviewMail.find((m) => m.to === 'new.manager@example.com')!.text).toContain('/a/bayview/register?email=');
    expect((await outbox(t, boss.token)).find((m) => m.to === 'new.manager@example.com')).toBeUndefined();
    expect((await portfolio('DELETE', `/associations/bayview/members/${member.id}`, boss.token)).statusCode).toBe(200);
    expect((await inApp('bayview', 'GET', '/entities/Owner', member.token)).statusCode).toBe(403);
    expect((await inApp('covenant-test', 'GET', '/entities/Owner', member.token)).statusCode).toBe(200);
  });
});

describe('figures and archive', () => {
  it('the summary sums each association\'s own ledger; an archived association is read-only but still listed and exportable', async () => {
    const owner = await inApp('bayview', 'POST', '/entities/Owner', boss.token, { owner_id: '718001', first_name: 'Bea', last_name: 'View' });
    const unit = await inApp('bayview', 'POST', '/entities/Property', boss.token, { property_id: '718101', unit_number: 'B-1', monthly_hoa_fee: 410 });
    await inApp('bayview', 'POST', '/entities/OwnerProperty', boss.token, { owner_id: owner.json().id, property_id: unit.json().id, ownership_percentage: 100 });
    const inv = await inApp('bayview', 'POST', '/functions/saveInvoice', boss.token, {
      owner_id: owner.json().id, invoice_date: '2026-01-01', due_date: '2026-01-15', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 410 }],
    });
    expect(inv.statusCode, inv.body).toBe(200);
    await inApp('bayview', 'POST', '/functions/recordPayment', boss.token, { owner_id: owner.json().id, amount: 100, payment_date: '2026-01-10' });
    await makeProperty(t, boss.token, { unit_number: 'CT-9' });

    const summary = await portfolio('GET', '/summary?as_of=2026-06-30', boss.token);
    expect(summary.statusCode, summary.body).toBe(200);
    const body = summary.json() as { totals: Record<string, number>; associations: Array<{ app_id: string; figures: Record<string, number> }> };
    const bay = body.associations.find((a) => a.app_id === 'bayview')!.figures;
    expect(bay).toEqual({ units: 1, owners: 1, receivables: 310, past_due_90: 310, cash: 100 });
    expect(body.totals.associations).toBe(3);
    expect(body.totals.receivables).toBe(body.associations.reduce((s, a) => s + (a.figures.receivables ?? 0), 0));
    // Earlier dates leave out what was posted after them (the balances are the ledger's totals less later lines).
    const figuresOn = async (asOf: string) =>
      ((await portfolio('GET', `/summary?as_of=${asOf}`, boss.token)).json() as typeof body).associations.find((a) => a.app_id === 'bayview')!.figures;
    expect(await figuresOn('2026-01-05')).toEqual({ units: 1, owners: 1, receivables: 410, past_due_90: 0, cash: 0 });
    expect(await figuresOn('2025-12-31')).toEqual({ units: 1, owners: 1, receivables: 0, past_due_90: 0, cash: 0 });
    expect((await portfolio('GET', '/summary', (await createUser(t, 'admin')).token)).statusCode).toBe(403);

    expect((await portfolio('POST', '/associations/bayview/archive', boss.token)).json()).toMatchObject({ archived: true });
    const write = await inApp('bayview', 'POST', '/entities/Owner', boss.token, { owner_id: '718002', first_name: 'Too', last_name: 'Late' });
    expect(write.statusCode).toBe(409);
    expect(write.json().code).toBe('association_archived');
    expect((await inApp('bayview', 'POST', '/functions/saveInvoice', boss.token, { owner_id: owner.json().id, invoice_date: '2026-02-01', status: 'draft', lines: [] })).json().code).toBe('association_archived');
    expect((await inApp('bayview', 'GET', '/entities/Owner', boss.token)).statusCode).toBe(200);
    const backup = await inApp('bayview', 'POST', '/functions/createBackup', boss.token, {});
    expect(backup.statusCode, backup.body.slice(0, 200)).toBe(200);
    const dry = await inApp('bayview', 'POST', '/functions/runAssessments', boss.token, { dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const listed = (await portfolio('GET', '/associations', boss.token)).json().associations as Array<{ app_id: string; archived: boolean }>;
    expect(listed.find((a) => a.app_id === 'bayview')).toMatchObject({ archived: true });
    const rows = await t.dbHandle.db.execute(sql`select count(*)::int as n from covenant.associations`);
    expect((rows.rows[0] as { n: number }).n).toBe(3);
  });
});

describe('the scheduler, association by association', () => {
  it('two associations with different run hours and time zones are each billed once, at their own hour', async () => {
    const { Scheduler } = await import('../src/platform/scheduler/scheduler.ts');
    const { associationCtx } = await import('../src/lib/context.ts');
    const created = await portfolio('POST', '/associations', boss.token, { name: 'Pacific Palms', app_id: 'pacific-palms', state: 'CA', time_zone: 'America/Los_Angeles', fiscal_year_start_month: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const setUp = async (appId: string, runHour: number, timeZone: string, owner: string) => {
      const settings = (await inApp(appId, 'GET', '/entities/OrgSettings', boss.token)).json() as Array<{ id: string }>;
      const body = { run_hour: runHour, time_zone: timeZone };
      if (settings[0]) expect((await inApp(appId, 'PUT', `/entities/OrgSettings/${settings[0].id}`, boss.token, body)).statusCode).toBe(200);
      else expect((await inApp(appId, 'POST', '/entities/OrgSettings', boss.token, { company_name: appId, ...body })).statusCode).toBe(200);
      const chart = (await inApp(appId, 'GET', '/entities/ChartOfAccount', boss.token)).json() as Array<{ id: string; account_number: string }>;
      const item = await inApp(appId, 'POST', '/entities/Product', boss.token, { product_code: `DUES-${owner}`, description: 'Dues', unit_price: 0, account_id: chart.find((a) => a.account_number === '4000')!.id });
      const o = await inApp(appId, 'POST', '/entities/Owner', boss.token, { owner_id: owner, first_name: 'Run', last_name: appId });
      const p = await inApp(appId, 'POST', '/entities/Property', boss.token, { property_id: String(Number(owner) + 100), unit_number: `R-${owner}`, monthly_hoa_fee: 200 });
      await inApp(appId, 'POST', '/entities/OwnerProperty', boss.token, { owner_id: o.json().id, property_id: p.json().id, ownership_percentage: 100 });
      const schedule = await inApp(appId, 'POST', '/entities/AssessmentSchedule', boss.token, { name: 'Dues', product_id: item.json().id, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2026-08-01', property_ids: [p.json().id] });
      expect(schedule.statusCode, schedule.body).toBe(200);
    };
    // Los Angeles bills at 02:00 (09:00 UTC in August); New York at 09:00 (13:00 UTC).
    await setUp('pacific-palms', 2, 'America/Los_Angeles', '719001');
    await setUp('harbor-point', 9, 'America/New_York', '719101');
    const onError: string[] = [];
    const scheduler = new Scheduler(
      [t.services.registry.jobs.get('charges')!],
      () => t.services.tenancy.list().filter((a) => ['pacific-palms', 'harbor-point'].includes(a.app_id)).map((a) => associationCtx(t.services, a)),
      (job, err) => onError.push(`${job}: ${String(err)}`),
      { tickAtStart: false },
    );
    const schedulerRuns = async (appId: string) =>
      ((await t.systemCtx(appId).db.execute(sql`select count(*)::int as n from charge_runs where trigger = 'scheduler' and as_of = '2026-08-01'`)).rows[0] as { n: number }).n;
    const invoices = async (appId: string) => ((await t.systemCtx(appId).db.execute(sql`select count(*)::int as n from invoices`)).rows[0] as { n: number }).n;
    try {
      await scheduler.tick(new Date('2026-08-01T08:30:00Z')); // 01:30 in LA, 04:30 in NY: neither
      expect([await schedulerRuns('pacific-palms'), await schedulerRuns('harbor-point')]).toEqual([0, 0]);
      await scheduler.tick(new Date('2026-08-01T09:30:00Z')); // 02:30 in LA: LA only
      expect([await schedulerRuns('pacific-palms'), await invoices('pacific-palms'), await schedulerRuns('harbor-point')]).toEqual([2, 1, 0]);
      await scheduler.tick(new Date('2026-08-01T13:30:00Z')); // 09:30 in NY: NY; LA already ran today
      await scheduler.tick(new Date('2026-08-01T20:00:00Z'));
      expect([await schedulerRuns('pacific-palms'), await invoices('pacific-palms'), await schedulerRuns('harbor-point'), await invoices('harbor-point')]).toEqual([2, 1, 2, 1]);
    } finally {
      await scheduler.close();
    }
    expect(onError).toEqual([]);
  });
});

describe('the name an association goes by', () => {
  it('is its Organization Settings\' name once set there, in the list and the summary', async () => {
    const made = await portfolio('POST', '/associations', boss.token, { ...NEW, name: 'Cedar Ridge', app_id: 'cedar-ridge' });
    expect(made.statusCode, made.body).toBe(200);
    const [settings] = (await inApp('cedar-ridge', 'GET', '/entities/OrgSettings', boss.token)).json() as Array<{ id: string }>;
    expect((await inApp('cedar-ridge', 'PUT', `/entities/OrgSettings/${settings!.id}`, boss.token, { organization_name: 'Cedar Ridge Homeowners Association' })).statusCode).toBe(200);
    const listed = (await portfolio('GET', '/associations', boss.token)).json().associations as Array<{ app_id: string; name: string }>;
    expect(listed.find((a) => a.app_id === 'cedar-ridge')?.name).toBe('Cedar Ridge Homeowners Association');
    const summed = (await portfolio('GET', '/summary', boss.token)).json().associations as Array<{ app_id: string; name: string }>;
    expect(summed.find((a) => a.app_id === 'cedar-ridge')?.name).toBe('Cedar Ridge Homeowners Association');
    // The switcher's list (no figures) reads the registry, kept in step with the settings.
    const light = (await portfolio('GET', '/associations?figures=false', boss.token)).json();
    expect(light.associations.find((a: { app_id: string }) => a.app_id === 'cedar-ridge')).toEqual({
      app_id: 'cedar-ridge', name: 'Cedar Ridge Homeowners Association', state: 'FL', archived: false, role: 'admin', figures: null,
    });
    expect((await portfolio('GET', '/associations?figures=maybe', boss.token)).statusCode).toBe(400);
    // A restored backup brings its settings' name, and the registry follows it.
    const backup = (await inApp('cedar-ridge', 'POST', '/functions/createBackup', boss.token, {})).json();
    backup.data.orgSettings[0].organization_name = 'Cedar Ridge Estates';
    const restored = await inApp('cedar-ridge', 'POST', '/functions/restoreBackup', boss.token, { backup });
    expect(restored.statusCode, restored.body.slice(0, 300)).toBe(200);
    const afterRestore = (await portfolio('GET', '/associations?figures=false', boss.token)).json();
    expect(afterRestore.associations.find((a: { app_id: string }) => a.app_id === 'cedar-ridge')?.name).toBe('Cedar Ridge Estates');
  });
});
