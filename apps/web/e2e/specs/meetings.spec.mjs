import { expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';

const PHONE = { width: 390, height: 844 };
const tag = () => Math.random().toString(36).slice(2, 7);
/**
 * A datetime-local value `hours` from now, in the browser's zone (the runner's is the machine's, as Node's).
 * @param {number} hours
 */
function localInput(hours) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const isoIn = (/** @type {number} */ hours) => new Date(Date.now() + hours * 3_600_000).toISOString();
/**
 * Shows the month of an instant on the Meetings screen (which opens on the current month).
 * @param {import('playwright-core').Page} page
 * @param {string} iso
 */
async function showMonthOf(page, iso) {
  const d = new Date(iso);
  const now = new Date();
  if (d.getFullYear() !== now.getFullYear() || d.getMonth() !== now.getMonth()) await page.getByRole('button', { name: 'Previous month' }).click();
}

export default [
  spec('meetings: staff create a board meeting, a late notice is refused with the rule, a motion is recorded with the director\'s vote, minutes are approved at a later meeting', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const director = await memberToken(api, { email: 'dana.director@example.com', full_name: 'Dana Director', role: 'board_member' });
    await signInWithToken(page, token, '/meetings');
    await expectVisible(page.getByRole('heading', { name: 'Meetings', level: 1 }));

    // New Meeting: tomorrow, too late for any state's board notice (4 days, or 48 hours in Florida).
    await page.getByRole('button', { name: 'New Meeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Meeting' });
    await dialog.getByLabel('Kind').selectOption('board');
    await dialog.getByLabel('Starts at').fill(localInput(25));
    await dialog.getByLabel('Title').fill(`Board meeting ${t}`);
    await dialog.getByLabel('Location').fill('Clubhouse');
    await dialog.getByLabel('Video link').fill('https://meet.example.com/board');
    await dialog.getByLabel('Item').fill('Landscaping contract');
    await dialog.getByLabel('Description').fill('Three bids');
    await snap('meetings-new');
    await dialog.getByRole('button', { name: 'Create Meeting' }).click();
    await expectVisible(page.getByRole('row', { name: `Board meeting ${t}` }));
    // The month's calendar shows it on its day too.
    await expectVisible(page.getByRole('table', { name: /^Calendar of / }).getByRole('button', { name: new RegExp(` Board meeting ${t}, on `) }));
    const detail = page.getByRole('region', { name: 'Agenda' });
    await expectVisible(detail.getByText('Landscaping contract'));

    await page.getByRole('button', { name: 'Send Notice' }).click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Notice refused' }).getByText(/^Notice of a board meeting must be (given|posted) at least .*\(.+\)$/));
    await snap('meetings-notice-refused');

    const attendance = page.getByRole('region', { name: 'Attendance' });
    await attendance.getByLabel(director.user.full_name).check();
    await attendance.getByRole('button', { name: 'Save Attendance' }).click();
    await expectVisible(page.getByText('Attendance saved'));

    // A motion: the director votes yes, the others (if any) are absent.
    const motions = page.getByRole('region', { name: 'Motions' });
    await motions.getByRole('button', { name: 'Record Motion' }).click();
    const form = page.getByRole('form', { name: 'Record Motion' });
    await form.getByLabel('Motion', { exact: true }).fill(`Accept the lowest bid ${t}`);
    await form.getByLabel('Moved by').selectOption(director.user.id);
    await form.getByLabel(`Vote of ${director.user.full_name}`).selectOption('yes');
    await form.getByRole('button', { name: 'Save Motion' }).click();
    const votes = motions.getByRole('list', { name: `Votes on Accept the lowest bid ${t}` });
    await expectVisible(votes.getByText(`${director.user.full_name}: Yes`));
    await expectVisible(motions.getByText('Passed'));
    await snap('meetings-motion');

    // Minutes of an earlier meeting, approved at a later one that has begun.
    const earlierAt = isoIn(-3);
    const earlier = await api.app('POST', '/entities/Meeting', { token, body: { kind: 'board', title: `Earlier meeting ${t}`, starts_at: earlierAt } });
    const later = await api.app('POST', '/entities/Meeting', { token, body: { kind: 'board', title: `Later meeting ${t}`, starts_at: isoIn(-1) } });
    await page.goto('/meetings');
    await showMonthOf(page, earlierAt);
    await page.getByRole('row', { name: earlier.title }).getByRole('button', { name: 'View' }).click();
    const minutes = page.getByRole('region', { name: 'Minutes' });
    await minutes.getByLabel('Minutes (draft)').fill('Called to order at 7 pm. The reserve study was reviewed.');
    await minutes.getByRole('button', { name: 'Save Minutes' }).click();
    await expectVisible(page.getByText('Minutes saved'));
    await minutes.getByLabel('Approved at meeting').selectOption(later.id);
    await minutes.getByRole('button', { name: 'Approve Minutes' }).click();
    await expectVisible(minutes.getByText('These minutes were approved and published with the association\'s documents.'));
    await expectVisible(minutes.getByText('Called to order at 7 pm. The reserve study was reviewed.'));
    await snap('meetings-minutes-approved');

    // The director reads the meeting, its motions and approved minutes, and changes nothing.
    await signInWithToken(page, director.token, '/meetings');
    await showMonthOf(page, earlierAt);
    await page.getByRole('row', { name: earlier.title }).getByRole('button', { name: 'View' }).click();
    await expectVisible(page.getByRole('region', { name: 'Minutes' }).getByText('Called to order at 7 pm. The reserve study was reviewed.'));
    await expectHidden(page.getByRole('button', { name: 'New Meeting' }));
    await snap('meetings-director');
  }),

  spec('meetings: an owner sees the upcoming members\' meeting on My Account (phone), never a board meeting', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '919001', first_name: 'Mina', last_name: `Member${t}`, email: `mina.${t}@example.com` } });
    const member = await memberToken(api, { email: `mina.${t}@example.com`, full_name: `Mina Member${t}`, role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    await api.app('POST', '/entities/Meeting', { token, body: { kind: 'annual', title: `Annual meeting ${t}`, starts_at: isoIn(1), location: 'Clubhouse' } });
    await api.app('POST', '/entities/Meeting', { token, body: { kind: 'board', title: `Closed session ${t}`, starts_at: isoIn(0.5) } });
    await page.setViewportSize(PHONE);
    await signInWithToken(page, await api.login(member.user.email, 'Member-e2e-2024!'), '/myaccount');
    const card = page.getByRole('heading', { name: 'Upcoming meetings' });
    await expectVisible(card);
    await expectVisible(page.getByText(`Annual meeting ${t}`));
    if (await page.getByText(`Closed session ${t}`).count()) throw new Error('the owner sees a board meeting');
    await snap('my-account-meetings');
  }),
];
