import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { EstoppelPage } from '../pages/estoppel-page.mjs';

export default [
  spec('estoppel requests: staff record a request (due date and Florida fee by the server), issue the certificate and see its figures; an old one is overdue', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    // Florida's law for this spec; the settings are put back as they were at the end.
    const [before] = await api.app('GET', '/entities/OrgSettings', { token });
    const settings = before
      ? await api.app('PUT', `/entities/OrgSettings/${before.id}`, { token, body: { state: 'FL' } })
      : await api.app('POST', '/entities/OrgSettings', { token, body: { company_name: 'Covenant', state: 'FL' } });
    try {
      const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '920001', first_name: 'Esme', last_name: 'Seller', email: 'esme.seller@example.com' } });
      const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: '920001', unit_number: 'ES-1' } });
      await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' } });
      // A request received weeks ago and still open: overdue.
      await api.app('POST', '/entities/EstoppelRequest', { token, body: { property_id: unit.id, requester_name: 'Late Title LLC', requested_on: '2026-09-01' } });

      const screen = new EstoppelPage(page);
      await signInWithToken(page, token, '/EstoppelRequests');
      await expectVisible(screen.heading);
      await expectVisible(screen.requestRow('ES-1', 'Late Title LLC').getByText('Overdue', { exact: true }));

      await screen.newButton.click();
      await screen.dialog.getByRole('combobox', { name: 'Unit' }).click();
      await page.getByRole('textbox', { name: 'Search unit' }).fill('ES-1');
      await page.getByRole('option', { name: /^ES-1/ }).click();
      await screen.fillForm({ 'Requester *': 'Harbor Title Co.', 'Requester email': 'closing@harbor.example' });
      await snap('estoppel-new-request');
      await screen.submit('Save Request');
      await expectVisible(screen.toast('Estoppel request recorded'));
      const row = screen.requestRow('ES-1', 'Harbor Title Co.');
      await expectVisible(row.getByText('$299.00'));
      await expectVisible(row.getByText('Requested', { exact: true }));
      await snap('estoppel-requests');

      await screen.open('ES-1', 'Harbor Title Co.');
      await expectVisible(screen.dialog.getByText(/Fla\. Stat\. § 720\.30851/));
      await screen.dialog.getByRole('button', { name: 'Issue Certificate' }).click();
      await expectVisible(screen.toast('Certificate issued'));
      await expectVisible(screen.dialog.getByRole('button', { name: 'Certificate PDF' }));
      const figures = screen.dialog.getByRole('definition').filter({ hasText: 'Esme Seller' });
      await expectVisible(figures);
      await snap('estoppel-issued');
      await page.keyboard.press('Escape');
      await expectVisible(row.getByText('Issued', { exact: true }));

      // The sale closes: a couple, new owners, buy the unit together from the day after the closing.
      await page.getByRole('button', { name: 'Record a Sale' }).click();
      await screen.dialog.getByRole('combobox', { name: 'Unit sold' }).click();
      await page.getByRole('textbox', { name: 'Search unit sold' }).fill('ES-1');
      await page.getByRole('option', { name: /^ES-1/ }).click();
      await screen.field('Closing date *').fill('2026-10-15');
      await screen.dialog.getByRole('button', { name: 'Add Buyer' }).click();
      const first = screen.dialog.getByRole('group', { name: 'Buyer 1' });
      const second = screen.dialog.getByRole('group', { name: 'Buyer 2' });
      expectEqual([await first.getByLabel('Share (%) *').inputValue(), await second.getByLabel('Share (%) *').inputValue()], ['50.00', '50.00'], 'equal shares');
      for (const b of [{ group: first, id: '920002', name: 'Bram' }, { group: second, id: '920003', name: 'Bria' }]) {
        await b.group.getByRole('switch', { name: 'A new owner' }).click();
        await b.group.getByLabel('New owner ID *').fill(b.id);
        await b.group.getByLabel('First name *').fill(b.name);
        await b.group.getByLabel('Last name *').fill('Buyer');
      }
      await snap('estoppel-record-sale');
      await screen.submit('Record Sale');
      await expectVisible(screen.toast('Sale recorded: the buyers own the unit from 2026-10-16'));
      const links = await api.app('GET', `/entities/OwnerProperty?q=${encodeURIComponent(JSON.stringify({ property_id: unit.id }))}`, { token });
      expectEqual(links.filter((/** @type {any} */ l) => !l.end_date).map((/** @type {any} */ l) => [l.start_date, l.ownership_percentage]), [['2026-10-16', 50], ['2026-10-16', 50]], 'two buyers at 50% from the next day');
    } finally {
      if (before) await api.app('PUT', `/entities/OrgSettings/${settings.id}`, { token, body: { state: before.state ?? null } });
      else await api.app('DELETE', `/entities/OrgSettings/${settings.id}`, { token });
    }
  }),
];
