/**
 * npm run demo: loads a sample association into an empty instance (the configured database, ./data by
 * default): about 120 units and their owners, opening balances in an operating and a reserve fund, two
 * years of monthly dues (most paid, some late), a monthly reserve contribution, vendors and bills (a roof
 * repair paid from the reserve), the first full year closed, an adopted operating and reserve budget for
 * the current fiscal year and reserve components, a collections ladder run month by month (owners in each stage,
 * the last stage's letters waiting for approval) and a payment plan, the community (violations to a fine,
 * architectural requests, work orders, announcements, documents) and a board election by share with proxies, paper
 * and portal ballots, through the same services the API uses, so the books are posted as in real use.
 */
import { eq, sql } from 'drizzle-orm';
import { allocateByWeights, toCents } from '@covenant/contracts/money';
import { addDays } from '@covenant/contracts/documents';
import { owners, users } from '@covenant/db/schema/community';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { today as todayOf, type Actor, type Ctx } from './lib/context.ts';
import { createAdministrator, createVerifiedUser } from './platform/auth/auth.service.ts';
import { bulkCreateEntities, createEntity, listEntities } from './platform/entities/entities.service.ts';
import { runAssessments, runLateFees } from './features/assessments/charge-runs.service.ts';
import { recordAndApplyMany, recordPayment, type NewPaymentInput } from './features/payments/payment.commands.ts';
import { balanceSheet, arAging } from './features/reports/reports.service.ts';
import { transferBetweenFunds } from './features/funds/funds.feature.ts';
import { importOpeningBalances } from './features/journal/journal.service.ts';
import { closeYear } from './features/ledger/periods.service.ts';
import { saveBillFn } from './features/bills/bills.feature.ts';
import { callFunction } from './platform/functions/define-function.ts';
import { loadBankStatements } from './demo-bank.ts';
import { loadBudgetsAndReserves } from './demo-budgets.ts';
import { loadCommunity } from './demo-community.ts';
import { loadElection } from './demo-governance.ts';
import { emailStatements, getMailJob, mailJobsDone } from './features/mailings/mailings.service.ts';
import { lettersSent, runCollections } from './features/collections/collections.service.ts';

const DEMO_ADMIN = { email: 'admin@demo.covenant.test', password: 'covenant-demo', full_name: 'Dana Reyes' };
const DEMO_OWNER = { email: 'owner@demo.covenant.test', password: 'covenant-demo' };

/** A small deterministic PRNG so every demo is the same association. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const FIRST = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Nancy', 'Wei', 'Aisha', 'Hiroshi', 'Fatima', 'Olga', 'Kwame', 'Priya', 'Liam', 'Sofia', 'Noah'];
const LAST = ['Anderson', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim', 'Johnson', 'Kim', 'Lopez', 'Martin', 'Nguyen', "O'Brien", 'Patel', 'Quinn', 'Rossi', 'Singh', 'Thompson', 'Ueda', 'Vargas', 'Walker', 'Xu', 'Young', 'Zimmerman', 'Okafor', 'Novak', 'Haddad', 'Larsen'];
const STREETS = ['Maple Ridge Drive', 'Cedar Court', 'Willow Lane'];

const config = loadConfig();
const built = await buildApp({ ...config, logLevel: 'warn' });
try {
  const base = built.systemCtx();
  const [existing] = (await base.db.execute(sql`select count(*)::int as n from ${owners}`)).rows as Array<{ n: number }>;
  if ((existing?.n ?? 0) > 0) {
    console.error('This instance already has owners. npm run demo loads the sample association into an empty instance only (DATA_DIR or DATABASE_URL).');
    process.exitCode = 1;
  } else {
    await load(base);
  }
} finally {
  await built.close();
}

async function adminActor(base: Ctx): Promise<{ actor: Actor; created: boolean }> {
  let [row] = await base.db.select().from(users).where(eq(users.role, 'admin')).limit(1);
  let created = false;
  if (!row) {
    const id = await createAdministrator(base, DEMO_ADMIN);
    [row] = await base.db.select().from(users).where(eq(users.id, id));
    created = true;
  }
  return { actor: { id: row!.id, email: row!.email, full_name: row!.full_name, role: 'admin', user_role: row!.user_role, owner_id: null, property_id: null, is_member: true, portfolio_role: null }, created };
}

async function load(base: Ctx) {
  const started = Date.now();
  // Where the time goes, printed at the end (the bench's demo budget is for the whole run): first the start-up
  // (loading the server, creating and migrating the database, seeding the association).
  const timings: string[] = [`start-up ${process.uptime().toFixed(1)} s`];
  let mark = Date.now();
  const phase = (name: string) => {
    timings.push(`${name} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
    mark = Date.now();
  };
  const { actor, created } = await adminActor(base);
  const ctx: Ctx = { ...base, actor, permissionCache: new Map() };
  const def = (name: string) => ctx.services.registry.requireEntity(name);
  const make = (name: string, body: Record<string, unknown>) => createEntity(ctx, def(name), body);
  const makeMany = (name: string, bodies: Array<Record<string, unknown>>) => bulkCreateEntities(ctx, def(name), bodies);

  await make('OrgSettings', { company_name: 'Maple Ridge Community Association', address: '100 Maple Ridge Drive', city: 'Springfield', state: 'OR', zip_code: '97477', phone: '(541) 555-0100', email: 'board@mapleridge.example', website: 'https://mapleridge.example', estoppel_fee: 250, estoppel_rush_fee: 100, transfer_fee: 200 });

  // 120 units: 3 streets, condos and townhouses, fees by size; each kind of record in one bulk create (the API's
  // /entities/{name}/bulk), as an import of the association's roll would make them.
  const unitBodies = Array.from({ length: 120 }, (_, i) => {
    const type = i < 80 ? 'condo' : i < 110 ? 'townhouse' : 'single_family';
    const sqft = type === 'condo' ? 850 + Math.floor(rand() * 500) : type === 'townhouse' ? 1400 + Math.floor(rand() * 500) : 2100 + Math.floor(rand() * 600);
    const fee = type === 'condo' ? 275 : type === 'townhouse' ? 360 : 450;
    return {
      property_id: String(200000 + i), unit_number: `${Math.floor(i / 40) + 1}${String((i % 40) + 1).padStart(2, '0')}`,
      street_address: `${100 + i} ${STREETS[Math.floor(i / 40)]}`, city: 'Springfield', state: 'OR', zip_code: '97477',
      property_type: type, square_footage: sqft, bedrooms: type === 'condo' ? 1 + Math.floor(rand() * 2) : 3, bathrooms: type === 'condo' ? 1 : 2.5,
      parking_spaces: type === 'condo' ? 1 : 2, monthly_hoa_fee: fee, status: rand() < 0.12 ? 'rented' : 'occupied',
    };
  });
  // Each unit's percentage interest in proportion to its floor area, to six places, adding up to exactly 100% (the
  // share the election weighs and the budget's assessments divide by), on the roll with the unit.
  const shares = allocateByWeights(100_000_000, unitBodies.map((u) => BigInt(u.square_footage)));
  const units = (await makeMany('Property', unitBodies.map((u, i) => ({ ...u, assessment_share: shares[i]! / 1_000_000 })))).map((p, i) => ({ id: p.id as string, fee: unitBodies[i]!.monthly_hoa_fee }));
  // Owners: one per unit, a few co-owned.
  const ownerBodies = Array.from({ length: 120 }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return {
      owner_id: String(100000 + i), first_name: first, last_name: last, email: `${first}.${last}.${i}@example.com`.toLowerCase().replace(/'/g, ''),
      phone: `(541) 555-${String(1000 + i).slice(-4)}`, mailing_address: `${100 + i} ${STREETS[Math.floor(i / 40)]}`, city: 'Springfield', state: 'OR', zip_code: '97477',
      resident_status: rand() < 0.1 ? 'renter' : 'owner', status: 'active',
    };
  });
  const ownerRows = await makeMany('Owner', ownerBodies);
  const ownerIds = ownerRows.map((o) => o.id as string);
  const unitOwners = ownerRows.map((o, i) => ({ id: units[i]!.id, ownerId: o.id as string, ownerName: `${ownerBodies[i]!.first_name} ${ownerBodies[i]!.last_name}`, ownerEmail: o.email as string }));
  await makeMany('OwnerProperty', ownerRows.map((o, i) => ({ owner_id: o.id, property_id: units[i]!.id, ownership_percentage: i % 15 === 0 ? 60 : 100, relationship_type: i % 15 === 0 ? 'co-owner' : 'owner', start_date: '2020-01-01' })));

  phase('units+owners');
  const today = await todayOf(ctx);
  const months: string[] = [];
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 23);
  for (let i = 0; i < 24; i++) {
    months.push(d.toISOString().slice(0, 10));
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  // The association moved in with its books: cash in each fund and each fund's balance (no owner or vendor owed).
  const accounts = await listEntities(ctx, def('ChartOfAccount'), { limit: 100 });
  const account = (number: string) => accounts.find((a) => a.account_number === number)!.id as string;
  const fundList = await listEntities(ctx, def('Fund'), { limit: 10 });
  const fund = (key: string) => fundList.find((f) => f.system_key === key)!.id as string;
  await importOpeningBalances(ctx, {
    as_of: addDays(months[0]!, -1),
    accounts: [
      { account_id: account('1000'), fund_id: fund('operating'), debit: 45000, credit: 0 },
      { account_id: account('3000'), fund_id: fund('operating'), debit: 0, credit: 45000 },
      { account_id: account('1010'), fund_id: fund('reserve'), debit: 180000, credit: 0 },
      { account_id: account('3000'), fund_id: fund('reserve'), debit: 0, credit: 180000 },
    ],
    owners: [],
    vendors: [],
  });
  // Dues by schedule: each unit's monthly fee, billed on the 1st, due in 15 days; each month's run bills that month.
  const duesItem = await make('Product', { product_code: 'DUES', description: 'Monthly assessment', unit_price: 0, account_id: account('4000') });
  const lateItem = await make('Product', { product_code: 'LATE', description: 'Late fee', unit_price: 0, account_id: account('4100') });
  const specialItem = await make('Product', { product_code: 'SPECIAL', description: 'Special assessment', unit_price: 0, account_id: account('4000'), fund_id: fund('reserve') });
  await make('AssessmentSchedule', { name: 'Monthly dues', product_id: duesItem.id, frequency: 'monthly', amount_basis: 'unit_fee', start_date: months[0], invoice_day: 1, due_days: 15 });
  // The collections ladder: a reminder at 30 days, a second notice with a $25 fee at 60, and a notice of intent to
  // lien at 90 days (over $250 past due, $50 fee) that the board approves before it goes out.
  const collectionFee = await make('Product', { product_code: 'COLLECT', description: 'Collection fee', unit_price: 25, account_id: account('4100') });
  const lienFee = await make('Product', { product_code: 'LIENFEE', description: 'Lien notice fee', unit_price: 50, account_id: account('4100') });
  const stageBody = (lines: string) => `Dear {{owner_name}},\n\n${lines}\n\nIf you have already paid, thank you, and please disregard this letter. To arrange a payment plan, contact the management office.\n\n{{association_name}}`;
  await make('CollectionStage', {
    name: 'Friendly reminder', days_past_due: 30, min_balance: 50, letter_subject: 'Friendly reminder: account {{account_number}} is past due',
    letter_body: stageBody('Our records show {{past_due_balance}} past due on your account for unit {{units}}, the oldest charge due {{oldest_due_date}}.'),
  });
  await make('CollectionStage', {
    name: 'Second notice', days_past_due: 60, min_balance: 50, fee_product_id: collectionFee.id, letter_subject: 'Second notice: {{past_due_balance}} past due',
    letter_body: stageBody('Your account is now {{days_past_due}} days past due with {{past_due_balance}} unpaid. A collection fee of {{fee_amount}} has been charged under the association\'s collection policy.'),
  });
  await make('CollectionStage', {
    name: 'Notice of intent to lien', days_past_due: 90, min_balance: 250, fee_product_id: lienFee.id, requires_approval: true, letter_subject: 'Notice of intent to record a lien',
    letter_body: stageBody('Your account is {{days_past_due}} days past due with {{past_due_balance}} unpaid. Unless it is paid within 30 days of {{date}}, the board may record a lien against unit {{units}}. A fee of {{fee_amount}} has been charged.'),
  });
  let lettersWritten = 0;
  const latePayers = new Set(ownerIds.filter(() => rand() < 0.06));
  let paymentsMade = 0;
  let scheduled = 0;
  for (const [m, month] of months.entries()) {
    scheduled += (await runAssessments(ctx, { as_of: month })).count;
    const bills = await listEntities(ctx, def('Invoice'), { filter: { invoice_date: month }, fields: 'owner_id,balance_due', limit: 5000 });
    const batch: NewPaymentInput[] = [];
    for (const inv of bills) {
      const recent = m >= months.length - 2;
      const late = latePayers.has(inv.owner_id as string);
      const r = rand();
      // Late payers stopped paying four or five months ago (so they stand at different collection stages).
      if ((late && m >= months.length - (ownerIds.indexOf(inv.owner_id as string) % 2 ? 4 : 5)) || (recent && r < 0.35)) continue; // unpaid
      // A few pay a month or two late (the collections runs see some of them past due).
      const payDate = addDays(month, r < 0.03 ? 40 + Math.floor(rand() * 30) : 3 + Math.floor(rand() * 20));
      if (payDate > today) continue;
      const full = toCents(inv.balance_due as number);
      const amount = r < 0.06 ? Math.round(full * 0.5) / 100 : full / 100;
      batch.push({ owner_id: inv.owner_id as string, amount, payment_date: payDate, payment_method: pick(['check', 'bank_transfer', 'online', 'online', 'credit_card'] as const), reference_number: `DEMO-${m}-${paymentsMade}` });
      paymentsMade++;
      // Who paid half pays the rest a month later (the older months' balances are settled).
      const rest = addDays(payDate, 30);
      if (amount * 100 < full && rest <= today && m < months.length - 3) {
        batch.push({ owner_id: inv.owner_id as string, amount: (full - Math.round(amount * 100)) / 100, payment_date: rest, payment_method: 'check', reference_number: `DEMO-${m}-${paymentsMade}` });
        paymentsMade++;
      }
    }
    // The month's payments in one command, as a bank's lockbox file is recorded: each applied to its owner's oldest
    // open charges in the organization's order (in date order, so the rest of a half payment follows its first half).
    await recordAndApplyMany(ctx, batch.sort((a, b) => a.payment_date.localeCompare(b.payment_date)));
    // The board's monthly reserve contribution, moved from operating to reserve cash.
    const transferOn = addDays(month, 24);
    if (transferOn <= today) await transferBetweenFunds(ctx, { date: transferOn, from_fund_id: fund('operating'), to_fund_id: fund('reserve'), amount: 4500, memo: `Reserve contribution ${month.slice(0, 7)}` });
    // Collections run at the end of each of the last five months (one stage a run for each delinquent owner).
    const collectOn = addDays(month, 27);
    if (m >= months.length - 5 && collectOn <= today) lettersWritten += (await runCollections(ctx, { as_of: collectOn })).count;
  }
  phase('24 months');
  // A few owners prepaid a little extra (credit on account).
  for (const owner of ownerIds.slice(0, 3)) await recordPayment(ctx, { owner_id: owner, amount: 100, payment_date: today, payment_method: 'check', reference_number: 'PREPAY', invoice_ids: [] });

  // Vendors and bills.
  const vendors = [
    { name: 'Evergreen Landscaping', type: 'contractor', account: '5000', amount: 2400 },
    { name: 'Summit Property Management', type: 'professional_services', account: '5400', amount: 3600 },
    { name: 'Springfield Utilities', type: 'utility', account: '5200', amount: 1800 },
    { name: 'BlueWave Pool Service', type: 'service_provider', account: '5600', amount: 650 },
    { name: 'Cascade Mutual Insurance', type: 'service_provider', account: '5300', amount: 5400 },
  ];
  let billCount = 0;
  let poolWork: { vendorId: string; billId: string } | null = null;
  // Each vendor's two years of bills, each saved with its line as the Bills screen's editor saves it (saveBill: the
  // bill, its line and its posting in one transaction), then the payments in one bulk create (all but the last month's).
  for (const v of vendors) {
    const vendor = await make('Vendor', { vendor_name: v.name, vendor_type: v.type, contact_person: `${pick(FIRST)} ${pick(LAST)}`, email: `billing@${v.name.split(' ')[0]!.toLowerCase()}.example`, phone: '(541) 555-0199', status: 'active' });
    const billed = months.map((month, m) => ({ month, m })).filter(({ m }) => v.account !== '5300' || m % 3 === 0); // quarterly insurance
    const bills: string[] = [];
    for (const { month } of billed) {
      const saved = await callFunction(ctx, saveBillFn, {
        vendor_id: vendor.id as string, bill_number: `${v.name.slice(0, 3).toUpperCase()}-${month.slice(0, 7)}`, bill_date: month, status: 'pending',
        lines: [{ description: `${v.name} — ${month.slice(0, 7)}`, quantity: 1, unit_price: v.amount, account_id: account(v.account) }],
      });
      bills.push(saved.id);
    }
    await makeMany('BillPayment', bills.flatMap((billId, k) => (billed[k]!.m < months.length - 1 ? [{ bill_id: billId, amount: v.amount, payment_date: addDays(billed[k]!.month, 20), payment_method: 'bank_transfer' }] : [])));
    billCount += bills.length;
    if (v.account === '5600') poolWork = { vendorId: vendor.id as string, billId: bills[bills.length - 1]! };
  }

  phase('vendors+bills');
  // A roof repair borne by the reserve fund and paid from reserve cash.
  const roofer = await make('Vendor', { vendor_name: 'Pacific Roofing Co.', vendor_type: 'contractor', contact_person: `${pick(FIRST)} ${pick(LAST)}`, email: 'office@pacificroofing.example', phone: '(541) 555-0177', status: 'active' });
  const roofDate = months[months.length - 8]!;
  const roofBill = await callFunction(ctx, saveBillFn, {
    vendor_id: roofer.id as string, bill_number: 'PRC-ROOF-1', bill_date: roofDate, status: 'pending',
    lines: [{ description: 'Building 2 roof replacement (reserve component)', quantity: 1, unit_price: 18500, account_id: account('5100'), fund_id: fund('reserve') }],
  });
  await make('BillPayment', { bill_id: roofBill.id, amount: 18500, payment_date: addDays(roofDate, 14), payment_method: 'check', cash_account_id: account('1010') });
  billCount++;

  // A special assessment for the pool, allocated by square footage into the reserve fund, in three monthly
  // installments from two months ago; a late-fee rule on the dues: $25 or 10%, whichever is greater, capped at
  // $50, after 10 grace days, with 12% a year simple interest; both run as of today.
  const special = await make('AssessmentSchedule', {
    name: 'Pool resurfacing special assessment', product_id: specialItem.id, frequency: 'once', amount_basis: 'allocation', total_amount: 36000,
    allocation_method: 'sqft', installments: 3, start_date: months[months.length - 3], due_days: 30,
  });
  const specialRun = await runAssessments(ctx, { as_of: today });
  // Most owners pay each installment within three weeks; the late payers do not.
  const specialPayments: NewPaymentInput[] = [];
  for (const item of specialRun.items) {
    const payDate = addDays(item.invoice_date, 1 + Math.floor(rand() * 20));
    if (latePayers.has(item.owner_id) || rand() < 0.1 || payDate > today) continue;
    specialPayments.push({ owner_id: item.owner_id, amount: item.amount, payment_date: payDate, payment_method: 'online', reference_number: `SPECIAL-${item.period}` });
    paymentsMade++;
  }
  await recordAndApplyMany(ctx, specialPayments.sort((a, b) => a.payment_date.localeCompare(b.payment_date)));
  phase('special');
  await make('LateFeeRule', {
    name: 'Dues late fee', grace_days: 10, fee_type: 'greater_of', fixed_amount: 25, percent: 10, max_amount: 50, annual_interest_rate: 12,
    product_ids: [duesItem.id, specialItem.id], late_fee_product_id: lateItem.id,
  });
  // One late payer agreed a payment plan this month: their late fees and collection steps pause while they keep to it.
  const planOwner = [...latePayers][0];
  if (planOwner) {
    const first = addDays(`${today.slice(0, 7)}-01`, 40);
    await make('PaymentPlan', {
      owner_id: planOwner, start_date: `${today.slice(0, 7)}-01`, grace_days: 5, notes: 'Agreed with the board',
      installments: [0, 1, 2, 3].map((k) => ({ due_date: addDays(first, 30 * k), amount: 150 })),
    });
  }
  phase('plan');
  const lateRun = await runLateFees(ctx, { as_of: today });
  const collectRun = await runCollections(ctx, { as_of: today });
  lettersWritten += collectRun.count;
  await lettersSent();

  phase('late+collections');
  // The bank: the Operating account's statements of the last three months, the first matched and reconciled.
  const bankCharges = await make('ChartOfAccount', { account_number: '5800', account_name: 'Bank Charges', account_type: 'expense', description: 'Service fees the bank charges the operating account' });
  const bank = await loadBankStatements(ctx, { today, feeAccountId: bankCharges.id as string, operatingFundId: fund('operating') });

  phase('bank');
  // The last complete fiscal year is closed: its income and expenses move into each fund's balance.
  const lastYearEnd = `${Number(today.slice(0, 4)) - 1}-12-31`;
  if (lastYearEnd > months[0]!) await closeYear(ctx, { fiscal_year_end: lastYearEnd });

  phase('close');
  const plan = await loadBudgetsAndReserves(ctx, today);
  phase('budgets');
  const community = await loadCommunity(ctx, { today, units, vendorId: poolWork!.vendorId, billId: poolWork!.billId });
  phase('community');
  const election = await loadElection(ctx, { rand, today, units: unitOwners, dataDir: config.dataDir });

  phase('election');
  // Figures from the ledger.
  const tb = (await ctx.db.execute(sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c, count(*)::int as n from journal_lines`)).rows[0] as { d: string; c: string; n: number };
  const bs = await balanceSheet(ctx, { format: 'json', by_fund: false, as_of: today });
  const ar = await arAging(ctx, { format: 'json', by_fund: false, as_of: today });
  console.log(`\nMaple Ridge Community Association loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${timings.join(', ')})`);
  console.log(`  ${units.length} units, ${ownerIds.length} owners, ${months.length} months of dues, ${paymentsMade + 3} payments, ${vendors.length} vendors, ${billCount} bills`);
  console.log(`  journal lines: ${tb.n}; trial balance: debits ${tb.d} = credits ${tb.c}`);
  console.log(`  assessments by schedule: ${scheduled} dues invoices over ${months.length} months; ${special.name as string}: ${specialRun.count} installment invoices so far, ${specialRun.total.toFixed(2)}`);
  console.log(`  late fees as of ${today}: ${lateRun.items.filter((i) => i.kind === 'late_fee').length} fees and ${lateRun.items.filter((i) => i.kind === 'interest').length} interest charges, ${lateRun.total.toFixed(2)} in all`);
  console.log(`  A/R (aging total): ${ar.totals.total.toFixed(2)}; owners with a balance: ${ar.rows.length}`);
  const stages = (await ctx.db.execute(sql`select s.days_past_due, s.name, count(c.id)::int as n from collection_stages s
    left join collection_cases c on c.stage_id = s.id and c.closed_on is null group by s.id order by s.days_past_due`)).rows as Array<{ name: string; n: number }>;
  const letters = (await ctx.db.execute(sql`select status, count(*)::int as n from collection_letters group by status order by status`)).rows as Array<{ status: string; n: number }>;
  const [fees] = (await ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(fee_amount), 0)::text as total from collection_letters where fee_invoice_id is not null`)).rows as Array<{ n: number; total: string }>;
  console.log(`  collections as of ${today}: owners by stage ${stages.map((r) => `${r.name} ${r.n}`).join(', ')}; ${lettersWritten} letters (${letters.map((r) => `${r.status} ${r.n}`).join(', ')}); ${fees!.n} collection fees, ${Number(fees!.total).toFixed(2)}; payment plans: ${planOwner ? 1 : 0}`);
  console.log(`  balance sheet as of ${today}: assets ${bs.total_assets.toFixed(2)}, liabilities ${bs.total_liabilities.toFixed(2)}, equity ${bs.total_equity.toFixed(2)} (difference ${bs.difference.toFixed(2)})`);
  const byFund = await balanceSheet(ctx, { format: 'json', by_fund: true, as_of: today });
  for (const f of byFund.funds ?? []) {
    const v = (m: Record<string, number> | undefined) => (m?.[f.id] ?? 0).toFixed(2);
    console.log(`    ${f.name} fund: assets ${v(byFund.total_assets_by_fund)}, liabilities ${v(byFund.total_liabilities_by_fund)}, equity ${v(byFund.total_equity_by_fund)} (difference ${v(byFund.difference_by_fund)})`);
  }
  if (lastYearEnd > months[0]!) console.log(`  books closed through ${lastYearEnd} (year-end close into each fund's balance)`);
  console.log(`  bank: Operating statements ${bank.statements.map((st) => `${st.from} to ${st.to} (${st.lines} lines, closing ${st.closing})`).join('; ')}; the first matched (${bank.autoMatched} by the passes, ${bank.manual} by hand) and reconciled through ${bank.reconciledThrough}; ${bank.leftToMatch} lines of the next two months to match`);
  const t = plan.vsActual.totals;
  console.log(`  budget vs actual, fiscal ${plan.fiscalYear} to date (${plan.vsActual.months.length} months): revenue ${t.revenue.budget.toFixed(2)} budgeted, ${t.revenue.actual.toFixed(2)} actual; expenses ${t.expenses.budget.toFixed(2)} budgeted, ${t.expenses.actual.toFixed(2)} actual; net variance ${t.net.variance.toFixed(2)}`);
  console.log(`  reserves: balance ${plan.study.reserve_balance.toFixed(2)}, fully funded ${plan.study.fully_funded_balance.toFixed(2)}, ${plan.study.percent_funded ?? 0}% funded; ${plan.study.components.length} components`);

  const counts = (r: Record<string, number>) => Object.entries(r).map(([k, n]) => `${k.replace(/_/g, ' ')} ${n}`).join(', ');
  console.log(`  community: violations ${counts(community.violations)} (${community.fines} fined after a hearing); architectural requests ${counts(community.requests)}; work orders ${counts(community.workOrders)}; ${community.announcements} announcements; ${community.documents} documents and a records request; an estoppel certificate for a unit under contract (due ${community.estoppel.due_on}, fee ${community.estoppel.fee.toFixed(2)} paid by the title company${community.estoppel.valid_until ? `, valid until ${community.estoppel.valid_until}` : ''})`);
  const e = community.estoppel;
  const money = (c: number) => (c / 100).toFixed(2);
  console.log(`    the certificate states ${money(e.balance_cents)} owed (${Object.entries(e.by_kind).map(([k, c]) => `${k.replace('_cents', '').replace(/_/g, ' ')} ${money(c)}`).join(', ')}), paid through ${e.paid_through ?? '—'}; the owner's statement closes at ${money(e.statement_cents)}${e.balance_cents === e.statement_cents ? ' (equal)' : ' (DIFFERENT)'}`);
  const res = election.results;
  const q = res.questions[0]!;
  console.log(`  election "${election.title}": ${election.electorate} units weighted by share; ballots ${election.ballots.electronic} electronic, ${election.ballots.paper} paper, ${election.ballots.proxy} by proxy; a second ballot refused: ${election.refusal}`);
  console.log(`    participation ${JSON.stringify(res.participation)}; quorum ${JSON.stringify(res.quorum)}`);
  console.log(`    ${q.text}: ${q.tally.map((t) => `${t.option} ${t.weight} (${t.ballots} ballots)`).join(', ')}; elected ${q.winners.join(' and ')}${q.tied.length ? `; tied ${q.tied.join(', ')}` : ''}`);
  const mt = election.meetings;
  console.log(`  meetings: ${mt.meetings}; motions ${mt.motions.map((m) => `"${m.text}" ${m.result}`).join(', ')}; last month's minutes approved (a minutes document); the annual meeting noticed on ${mt.annualNotice.notice_sent_on} to ${mt.annualNotice.recipients} owners (${mt.annualNotice.citation})`);
  console.log(`    head hash ${res.head_hash}; the ballot log is in ${election.logFile} (node scripts/recount-ballot-log.mjs ${election.logFile})`);

  // Last month's statement for every active owner, as a PDF emailed (or kept in the outbox without SMTP_URL).
  const monthStart = `${today.slice(0, 7)}-01`;
  const from = `${addDays(monthStart, -1).slice(0, 7)}-01`;
  const to = addDays(monthStart, -1);
  const mailStarted = Date.now();
  const mailing = await emailStatements(ctx, { from, to });
  await mailJobsDone();
  const job = await getMailJob(ctx, mailing.id);
  const [pdfs] = (await ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(octet_length(content)), 0)::bigint::text as bytes from outbox_attachments where filename like 'statement-%'`)).rows as Array<{ n: number; bytes: string }>;
  const where = built.services.mailer.usesOutbox ? `in the outbox (${pdfs?.n ?? 0} statement PDFs, ${Math.round(Number(pdfs?.bytes ?? 0) / 1024)} KiB)` : 'over SMTP';
  console.log(`  statements ${from} to ${to}: ${job.sent} of ${job.total} owners emailed as PDF ${where}, ${job.skipped.length} skipped, in ${((Date.now() - mailStarted) / 1000).toFixed(1)} s (${job.status})`);
  const owner = await demoOwnerSignIn(ctx);
  console.log(`\nSign in at ${config.publicUrl}`);
  if (created) console.log(`  as the administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  if (owner) console.log(`  as an owner (${owner.name}: ${owner.balance} open, stage "${owner.stage}", ${owner.payments} payments): ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
}

/**
 * The owner's portal sign-in: linked to an owner with an open balance, an open collection stage and a payment
 * history, so My Account shows all of it. None when the email already has a sign-in.
 */
async function demoOwnerSignIn(ctx: Ctx): Promise<{ name: string; balance: string; stage: string; payments: number } | null> {
  const [taken] = (await ctx.db.execute(sql`select 1 from ${users} where lower(email) = ${DEMO_OWNER.email}`)).rows;
  if (taken) return null;
  const [pick] = (await ctx.db.execute(sql`
    select o.id, o.first_name, o.last_name, s.name as stage,
      (select sum(i.balance_due) from invoices i where i.owner_id = o.id and i.deleted_at is null)::text as balance,
      (select count(*) from payments p where p.owner_id = o.id and p.deleted_at is null)::int as payments
    from owners o
    join collection_cases c on c.owner_id = o.id and c.closed_on is null
    join collection_stages s on s.id = c.stage_id
    where exists (select 1 from payments p where p.owner_id = o.id and p.deleted_at is null)
    order by s.days_past_due, o.owner_id limit 1`)).rows as Array<{ id: string; first_name: string; last_name: string; stage: string; balance: string; payments: number }>;
  if (!pick) return null;
  const name = `${pick.first_name} ${pick.last_name}`;
  await createVerifiedUser(ctx, { email: DEMO_OWNER.email, password: DEMO_OWNER.password, full_name: name, user_role: 'owner', owner_id: pick.id });
  return { name, balance: Number(pick.balance).toFixed(2), stage: pick.stage, payments: pick.payments };
}
