import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AnnouncementsPage, DocumentsPage } from '../pages/announcements-documents-page.mjs';

const tag = () => Math.random().toString(36).slice(2, 7);

export default [
  spec('records requests: staff list them on Documents with the due date, the overdue one marked, and mark one fulfilled with its fee', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const late = await api.app('POST', '/records-requests', { token, body: { requested_by: `Late Lara ${t}`, description: 'The 2024 minutes', received_on: '2025-01-06' } });
    await api.app('POST', '/records-requests', { token, body: { requested_by: `New Ned ${t}`, description: 'The budget', received_on: new Date().toISOString().slice(0, 10) } });

    await signInWithToken(page, token, '/documents');
    const docs = new DocumentsPage(page);
    const lateRow = page.getByRole('row', { name: `Records request from Late Lara ${t}` });
    await expectVisible(lateRow.getByText(late.due_on));
    await expectVisible(lateRow.getByText('Overdue'));
    expectEqual(await page.getByRole('row', { name: `Records request from New Ned ${t}` }).getByText('Overdue').count(), 0, 'a request received today is not overdue');
    await snap('documents-records-requests');

    await lateRow.getByRole('button', { name: `Mark fulfilled: Late Lara ${t}` }).click();
    await docs.fillForm({ 'Fee for copies ($)': '2.50' });
    await docs.submit('Mark Fulfilled');
    await expectVisible(docs.toast('Records request fulfilled'));
    await expectVisible(lateRow.getByText(/, fee \$2\.50$/));
    expectEqual(await lateRow.getByText('Overdue').count(), 0, 'a fulfilled request is no longer overdue');

    await page.getByRole('button', { name: 'New Records Request' }).click();
    await docs.fillForm({ 'Requested by *': `Walk-in Wes ${t}`, 'Records asked for *': 'The reserve study' });
    await docs.submit('Save');
    await expectVisible(docs.toast('Records request logged'));
    await expectVisible(page.getByRole('row', { name: `Records request from Walk-in Wes ${t}` }));
  }),

  spec('announcements: staff target an announcement to chosen units', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: '918031', unit_number: `TGT-${t}` } });
    await signInWithToken(page, token, '/announcements');
    const screen = new AnnouncementsPage(page);
    await screen.compose({ title: `Paving ${t}`, body: 'Your driveway is repaved on Monday.', audience: 'Owners' });
    await page.getByRole('checkbox', { name: `Unit TGT-${t}` }).check();
    await expectVisible(page.getByText('Units (1 chosen)'));
    await snap('announcements-units');
    await screen.submit('Publish');
    await expectVisible(screen.toast('Announcement published'));
    const list = await api.app('GET', '/announcements?limit=100', { token });
    const saved = list.rows.find((/** @type {any} */ a) => a.title === `Paving ${t}`);
    expectEqual(saved?.property_ids, [unit.id], 'the announcement is for the chosen unit');
  }),
];
