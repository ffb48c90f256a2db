import { resolve } from 'node:path';
import { expectEqual, expectValue, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken, TINY_PNG } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { InspectionMode, MyViolationsSection, ViolationActionsPanel, ViolationsPage } from '../pages/violations-page.mjs';

const PHONE = { width: 390, height: 844 };
const HEIC = resolve(import.meta.dirname, '../../../server/src/features/violations/fixtures/iphone-photo.heic');
const isoIn = (/** @type {number} */ days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An owner with a unit, both numbered from this spec's range.
 * @param {any} api @param {string} token @param {string} n @param {string} unitNumber @param {string} first
 */
async function ownerWithUnit(api, token, n, unitNumber, first) {
  const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: n, first_name: first, last_name: 'Inspected', email: `${first.toLowerCase()}.inspected@example.com` } });
  const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: n, unit_number: unitNumber } });
  await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' } });
  return { owner, unit };
}

export default [
  spec('inspection: two violations recorded in a row at phone width, the first with a photo; the next walk lists the units seen nearest first', async ({ page, context, api, snap }) => {
    const token = await adminToken(api);
    const a = await ownerWithUnit(api, token, '918001', 'INS-1', 'Ivy');
    const b = await ownerWithUnit(api, token, '918002', 'INS-2', 'Ike');
    const type = await api.app('POST', '/entities/ViolationType', { token, body: { name: 'E2E inspection trash cans', ccr_reference: 'CC&R 4.2', cure_days: 14, fine_amount: 100 } });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 34.0501, longitude: -118.2501 });

    await page.setViewportSize(PHONE);
    await signInWithToken(page, token, '/Violations');
    const inspection = new InspectionMode(page);
    await inspection.open.click();
    await expectVisible(inspection.heading);
    await expectVisible(page.getByText('Nearest units first'));

    await inspection.unit.selectOption(a.unit.id);
    await inspection.type.selectOption(type.id);
    await inspection.description.fill('Two cans by the curb on a Tuesday');
    await inspection.photos.setInputFiles(HEIC);
    await expectVisible(page.getByText('1 photo to upload'));
    await inspection.save.click();
    await expectVisible(inspection.recorded.getByText('Unit INS-1: E2E inspection trash cans, 1 photo'));
    // Ready for the next one: the unit, description and photos cleared, the type kept.
    await expectValue(inspection.unit, '');
    await expectValue(inspection.description, '');
    await expectValue(inspection.type, type.id);
    await expectVisible(page.getByText('No photo yet'));

    await inspection.unit.selectOption(b.unit.id);
    await inspection.save.click();
    await expectVisible(inspection.recorded.getByText('Unit INS-2: E2E inspection trash cans', { exact: true }));
    await snap('inspection-mode');

    const list = await api.app('GET', '/violations?limit=500', { token });
    const mine = list.rows.filter((/** @type {any} */ r) => r.type_name === 'E2E inspection trash cans');
    expectEqual(mine.map((/** @type {any} */ r) => r.unit_number).sort(), ['INS-1', 'INS-2'], 'both violations recorded');
    const first = mine.find((/** @type {any} */ r) => r.unit_number === 'INS-1');
    const timeline = await api.app('GET', `/violations/${first.id}/timeline`, { token });
    expectEqual(timeline.photos.map((/** @type {any} */ p) => p.mime), ['image/heic'], 'the photo kept as sent');
    expectEqual([timeline.violation.latitude, timeline.violation.longitude], [34.0501, -118.2501], 'the phone\'s position recorded');

    // The next walk: the units seen at this spot come first, with their distance.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await inspection.open.click();
    await inspection.unit.locator('option', { hasText: '(0 m)' }).nth(1).waitFor({ state: 'attached' });
    expectEqual((await inspection.unit.locator('option').allInnerTexts()).slice(0, 3), ['Choose the unit', 'Unit INS-1 (0 m)', 'Unit INS-2 (0 m)'], 'the units seen here first');
  }),

  spec('inspection: the owner sees their violation on My Account with its notice, uploads a proof-of-cure photo and requests a hearing', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const { owner, unit } = await ownerWithUnit(api, token, '918011', 'INS-11', 'Cora');
    const other = await ownerWithUnit(api, token, '918012', 'INS-12', 'Otto');
    const type = await api.app('POST', '/entities/ViolationType', { token, body: { name: 'E2E inspection weeds', cure_days: 10, fine_amount: 100 } });
    const violation = await api.app('POST', '/functions/recordViolation', { token, body: { property_id: unit.id, violation_type_id: type.id, description: 'Weeds along the walk' } });
    await api.app('POST', '/functions/recordViolation', { token, body: { property_id: other.unit.id, violation_type_id: type.id } });
    const notice = await api.app('POST', '/functions/sendViolationNotice', { token, body: { violation_id: violation.id, kind: 'notice' } });
    const member = await memberToken(api, { email: 'cora.inspected.user@example.com', full_name: 'Cora Inspected', role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    const ownerToken = await api.login(member.user.email, 'Member-e2e-2024!');

    await signInWithToken(page, ownerToken, '/myaccount');
    const mine = new MyViolationsSection(page);
    const card = mine.violation('E2E inspection weeds at unit INS-11');
    await expectVisible(card);
    await expectVisible(card.getByRole('button', { name: `Notice of violation of ${notice.sent_on} (PDF)` }));
    await expectVisible(card.getByText(`Cure by ${violation.cure_by}`));
    expectEqual(await mine.violation('E2E inspection weeds at unit INS-12').count(), 0, 'another owner\'s violation is not shown');

    await card.getByLabel('Upload proof of cure').setInputFiles({ name: 'fixed.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expectVisible(page.getByText('Your proof-of-cure photo was uploaded'));
    await expectVisible(card.getByRole('img', { name: 'Proof-of-cure photo' }).and(page.locator('img')));
    await card.getByRole('button', { name: 'Request a hearing' }).click();
    await expectVisible(card.getByText(/Hearing requested on \d{4}-\d{2}-\d{2}/));
    await snap('my-account-violations');

    const timeline = await api.app('GET', `/violations/${violation.id}/timeline`, { token });
    expectEqual(timeline.photos.map((/** @type {any} */ p) => p.kind), ['cure'], 'the owner\'s photo is proof of the cure');
  }),

  spec('inspection: staff decide a held hearing with a fine from the Violations screen; the fine\'s invoice shows on the timeline', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const { owner, unit } = await ownerWithUnit(api, token, '918021', 'INS-21', 'Finn');
    const type = await api.app('POST', '/entities/ViolationType', { token, body: { name: 'E2E inspection boat', cure_days: 10, fine_amount: 100 } });
    const violation = await api.app('POST', '/functions/recordViolation', { token, body: { property_id: unit.id, violation_type_id: type.id, observed_on: isoIn(-40) } });
    // A hearing held two days ago, noticed a month before (recorded after the fact).
    const hearingOn = isoIn(-2);
    await api.app('POST', '/functions/scheduleHearing', { token, body: { violation_id: violation.id, scheduled_for: hearingOn, notice_sent_on: isoIn(-30) } });

    await signInWithToken(page, token, '/Violations');
    const screen = new ViolationsPage(page);
    await screen.openTimeline('INS-21');
    const actions = new ViolationActionsPanel(page);
    await expectVisible(page.getByText(`Decide the hearing of ${hearingOn}`));
    await expectValue(actions.outcome, 'fine');
    await actions.recordDecision.click();
    const fine = screen.timeline.getByText(/^Fine of \$100\.00 invoiced \(.+\)$/);
    await expectVisible(fine);
    await expectVisible(screen.row('INS-21').getByText('Fined'));
    await snap('violations-hearing-fine');

    const invoiceNumber = (await fine.innerText()).match(/\((.+)\)$/)?.[1];
    const invoices = await api.app('GET', `/entities/Invoice?q=${encodeURIComponent(JSON.stringify({ owner_id: owner.id }))}`, { token });
    const invoice = invoices.find((/** @type {any} */ i) => i.invoice_number === invoiceNumber);
    expectEqual(Number(invoice?.total_amount), 100, 'the fine invoiced to the owner');
  }),
];
