import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ViolationsPage } from '../pages/violations-page.mjs';

const isoIn = (/** @type {number} */ days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export default [
  spec('violations: the list with its status, a hearing scheduled, and the timeline naming each step\'s rule', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '915001', first_name: 'Vera', last_name: 'Violet', email: 'vera.violet@example.com' } });
    const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: '915001', unit_number: 'VIO-7' } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' } });
    const type = await api.app('POST', '/entities/ViolationType', { token, body: { name: 'E2E boat in the driveway', ccr_reference: 'CC&R 7.4', cure_days: 10, fine_amount: 100 } });
    const violation = await api.app('POST', '/functions/recordViolation', { token, body: { property_id: unit.id, violation_type_id: type.id, description: 'A boat on a trailer' } });
    await api.app('POST', '/functions/sendViolationNotice', { token, body: { violation_id: violation.id, kind: 'notice' } });
    const hearingOn = isoIn(30);
    await api.app('POST', '/functions/scheduleHearing', { token, body: { violation_id: violation.id, scheduled_for: hearingOn } });

    await signInWithToken(page, token, '/Violations');
    const screen = new ViolationsPage(page);
    await expectVisible(screen.heading);
    const row = screen.row('VIO-7');
    await expectVisible(row.getByText('Hearing'));
    expectEqual((await row.getByRole('cell').allInnerTexts()).slice(1, 4), ['VIO-7', 'Vera Violet', 'E2E boat in the driveway'], 'the violation row');
    await snap('violations-list');

    await screen.openTimeline('VIO-7');
    await expectVisible(screen.timeline.getByText(`Hearing scheduled for ${hearingOn}`));
    await expectVisible(screen.timeline.getByText('Notice of violation'));
    await expectVisible(screen.timeline.getByText('Notice of hearing'));
    await snap('violations-timeline');

    // The status filter: this violation is at its hearing, not fined (other specs' fined violations may be listed).
    await screen.status.selectOption('fined');
    await expectHidden(screen.row('VIO-7'));
    await screen.status.selectOption('hearing');
    await expectVisible(screen.row('VIO-7'));
  }),
];
