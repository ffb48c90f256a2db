import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { uniqueOwnerId } from '../pages/invoices-page.mjs';
import { AnnouncementsPage, DocumentsPage } from '../pages/announcements-documents-page.mjs';

const tag = () => Math.random().toString(36).slice(2, 7);

export default [
  spec('announcements and documents: staff compose with the server preview, schedule, upload by category with the checklist; the owner reads theirs on My Account', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();

    // Staff: compose an announcement; the preview is the server's rendering, scripts shown as text.
    await signInWithToken(page, token, '/announcements');
    const screen = new AnnouncementsPage(page);
    await expectVisible(screen.heading);
    await snap('announcements-list');
    await screen.compose({ title: `Pool opens ${t}`, body: '**Saturday** at 9.\n\n<script>alert(1)</script>', audience: 'Owners' });
    await screen.dialog.getByRole('button', { name: 'Preview' }).click();
    await expectVisible(screen.preview.locator('strong', { hasText: 'Saturday' }));
    await expectVisible(screen.preview.getByText('<script>alert(1)</script>'));
    expectEqual(await screen.preview.locator('script').count(), 0, 'no script element in the preview');
    await snap('announcements-compose');
    await screen.submit('Publish');
    await expectVisible(screen.toast('Announcement published'));
    await expectVisible(screen.list.getByRole('row', { name: `Pool opens ${t}` }).getByText('Published'));
    // One scheduled for next year, and one for the board only.
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-15T09:00:00Z`;
    await api.app('POST', '/announcements', { token, body: { title: `Annual meeting ${t}`, body: 'Agenda soon', audience: 'owners', publish_at: nextYear } });
    await api.app('POST', '/announcements', { token, body: { title: `Board only ${t}`, body: 'Closed session', audience: 'board' } });
    await page.reload();
    await expectVisible(screen.list.getByRole('row', { name: `Annual meeting ${t}` }).getByText('Scheduled'));
    await snap('announcements-scheduled');

    // Documents: the checklist, an upload by category, a staff-only document.
    const docs = new DocumentsPage(page);
    await docs.goto();
    await expectVisible(docs.checklist);
    await docs.upload({ title: `Bylaws ${t}`, category: 'Governing documents', visibility: 'Owners and the board', text: 'bylaws' });
    await snap('documents-upload');
    await docs.submit('Upload');
    await expectVisible(docs.toast('Document uploaded'));
    await expectVisible(docs.table('Governing documents').getByRole('row', { name: `Bylaws ${t}` }));
    await expectVisible(docs.checklist.getByText(`Posted: Bylaws ${t}`));
    await docs.upload({ title: `Vendor bids ${t}`, category: 'Contracts', visibility: 'Staff only', text: 'bids' });
    await docs.submit('Upload');
    await expectVisible(docs.table('Contracts').getByRole('row', { name: `Vendor bids ${t}` }));
    await snap('documents-list');

    // The dashboard shows the announcements too.
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Announcements', level: 2 }));
    await expectVisible(page.getByRole('article', { name: `Pool opens ${t}` }));

    // An owner with a unit: My Account shows the owners' announcement and document, never the board's or staff's.
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Nora', last_name: `Reader${t}`, email: `nora.${t}@example.com` } });
    const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: uniqueOwnerId(), unit_number: `N-${t}` } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id } });
    const member = await memberToken(api, { email: `nora.user.${t}@example.com`, full_name: `Nora Reader${t}`, role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    const ownerToken = await api.login(member.user.email, 'Member-e2e-2024!');
    await page.context().clearCookies();
    await signInWithToken(page, ownerToken, '/myaccount');
    await expectVisible(page.getByRole('article', { name: `Pool opens ${t}` }));
    await expectVisible(page.getByRole('article', { name: `Pool opens ${t}` }).locator('strong', { hasText: 'Saturday' }));
    await expectHidden(page.getByRole('article', { name: `Board only ${t}` }));
    await expectHidden(page.getByRole('article', { name: `Annual meeting ${t}` }));
    await expectVisible(page.getByRole('table', { name: 'Governing documents' }).getByRole('row', { name: `Bylaws ${t}` }));
    await expectHidden(page.getByText(`Vendor bids ${t}`));
    await snap('my-account-announcements-documents');
  }),
];
