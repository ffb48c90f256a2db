import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { OwnersPage, downloadOf } from '../pages/owners-page.mjs';

const HEADER = 'owner_id,first_name,last_name,date_of_birth,resident_status,email,phone,mailing_address,mailing_address_2,city,state,zip_code,emergency_contact_name,emergency_contact_phone,status';

/** A word unique to this run, so searches see only this spec's owners. */
const tag = () => `Zq${Date.now().toString(36)}`;

/**
 * The next owner id the server would suggest.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 */
async function nextOwnerId(api, token) {
  const [top] = await api.app('GET', '/entities/Owner?sort=-owner_id&limit=1&fields=owner_id', { token });
  return String(Math.max(top ? Number(top.owner_id) + 1 : 100000, 100000)).padStart(6, '0');
}

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {string} t */
async function countTagged(api, token, t) {
  const q = encodeURIComponent(JSON.stringify({ last_name: { $regex: t, $options: 'i' } }));
  return (await api.app('GET', `/entities/Owner/count?q=${q}`, { token })).count;
}

export default [
  spec('owners: add with validation (digits stripped, six digits, suggested id), edit with the id locked, delete with confirmation', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    await signInWithToken(page, token, '/owners');
    const owners = new OwnersPage(page);
    await expectVisible(owners.heading);
    await expectVisible(owners.subtitle);

    const suggested = await nextOwnerId(api, token);
    await owners.addButton.click();
    await expectVisible(owners.dialog.getByRole('heading', { name: 'Add Owner' }));
    await owners.page.waitForFunction((want) => /** @type {HTMLInputElement|null} */ ([...document.querySelectorAll('input')].find((i) => i.inputMode === 'numeric'))?.value === want, suggested);
    expectEqual(await owners.field('Owner ID').inputValue(), suggested, 'the owner id is suggested as the highest plus one');

    await owners.field('Owner ID').fill('');
    await owners.field('Owner ID').pressSequentially('12ab-3');
    expectEqual(await owners.field('Owner ID').inputValue(), '123', 'non-digits are stripped as typed');
    await owners.field('Owner ID').pressSequentially('45678');
    expectEqual(await owners.field('Owner ID').inputValue(), '123456', 'at most six digits');
    await owners.field('Owner ID').fill('123');
    await owners.saveButton.click();
    await expectVisible(owners.dialog.getByText('Owner ID must be exactly 6 digits'));
    await expectVisible(owners.dialog.getByText('First name is required'));
    await expectVisible(owners.dialog.getByText('Last name is required'));
    await snap('owner-form-validation');

    await owners.fillForm({
      'Owner ID': suggested, 'First Name': 'Olivia', 'Last Name': `Adams${t}`, Email: `olivia.${t.toLowerCase()}@example.com`, Phone: '555-0101',
      'Mailing Address': '12 Elm St', City: 'Springfield', State: 'IL', 'Zip Code': '62701', 'Emergency Contact Name': 'Sam', 'Emergency Contact Phone': '555-0199',
    });
    await snap('owner-form');
    await owners.saveButton.click();
    await expectHidden(owners.dialog);
    await owners.searchFor(t);
    const card = owners.card(`Olivia Adams${t}`);
    await expectVisible(card);
    await expectVisible(card.getByText(`#${suggested}`));
    await expectVisible(card.getByText('Active'));
    await expectVisible(card.getByText('12 Elm St, Springfield, IL 62701'));
    await snap('owners');

    await card.getByRole('button', { name: `Edit Olivia Adams${t}` }).click();
    await expectVisible(owners.dialog.getByRole('heading', { name: 'Edit Owner' }));
    expectEqual(await owners.field('Owner ID').isDisabled(), true, 'the owner id is locked when editing');
    await owners.field('Phone').fill('555-0202');
    await owners.dialog.getByRole('button', { name: 'Update Owner' }).click();
    await expectHidden(owners.dialog);
    await expectVisible(card.getByText('555-0202'));

    await card.getByRole('button', { name: `Delete Olivia Adams${t}` }).click();
    await expectVisible(owners.confirm.getByText('Are you sure you want to delete this owner?'));
    await snap('owner-delete-confirm');
    await owners.acceptConfirm('Delete');
    await expectHidden(card);
    await expectVisible(owners.empty);
  }),

  spec('owners: search by name or email, sort by last name and by unit number (owners without a unit last)', async ({ page, api }) => {
    const token = await adminToken(api);
    const t = tag();
    const base = Number(await nextOwnerId(api, token));
    /** @param {number} i @param {string} first @param {string} last @param {string} email */
    const mk = (i, first, last, email) => api.app('POST', '/entities/Owner', { token, body: { owner_id: String(base + i), first_name: first, last_name: `${last}${t}`, email } });
    const clark = await mk(0, 'Cara', 'Clark', `cara.${t}@example.com`.toLowerCase());
    const adams = await mk(1, 'Abe', 'Adams', 'abe@example.com');
    const brown = await mk(2, 'Bea', 'Brown', 'bea@example.com');
    await mk(3, 'Dan', 'Diaz', 'dan@example.com');
    const pid = Number((await api.app('GET', '/entities/Property?sort=-property_id&limit=1', { token }))[0]?.property_id ?? 199999) + 1;
    /** @param {number} i @param {string} number @param {{ id: string }} owner */
    const unit = async (i, number, owner) => {
      const p = await api.app('POST', '/entities/Property', { token, body: { property_id: String(pid + i), unit_number: `${t}-${number}` } });
      await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: p.id } });
    };
    await unit(0, '10', adams);
    await unit(1, '2', clark);
    await unit(2, '3', brown);

    await signInWithToken(page, token, '/owners');
    const owners = new OwnersPage(page);
    await owners.searchFor(t);
    await owners.expectOrder([`Abe Adams${t}`, `Bea Brown${t}`, `Cara Clark${t}`, `Dan Diaz${t}`]);
    await expectVisible(owners.card(`Abe Adams${t}`).getByRole('link', { name: `Unit ${t}-10` }));

    await owners.sortBy('Sort by Unit Number');
    await owners.expectOrder([`Cara Clark${t}`, `Bea Brown${t}`, `Abe Adams${t}`, `Dan Diaz${t}`]);
    await owners.sortBy('Sort by Last Name');
    await owners.expectOrder([`Abe Adams${t}`, `Bea Brown${t}`, `Cara Clark${t}`, `Dan Diaz${t}`]);

    await owners.searchFor(`cara.${t}`.toLowerCase());
    await owners.expectOrder([`Cara Clark${t}`]);
    await owners.searchFor(`bea brown${t}`);
    await owners.expectOrder([`Bea Brown${t}`]);

    // A unit chip links to the Properties screen.
    await owners.card(`Bea Brown${t}`).getByRole('link', { name: `Unit ${t}-3` }).click();
    await page.waitForURL((url) => url.pathname === '/properties');
  }),

  spec('owners: template download, CSV import (quoted commas, doubled quotes, CRLF, BOM, blank lines), a bad row rejects the file, export', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const base = Number(await nextOwnerId(api, token));
    await signInWithToken(page, token, '/owners');
    const owners = new OwnersPage(page);
    await expectVisible(owners.heading);

    const template = await downloadOf(page, () => owners.templateButton.click());
    expectEqual(template.fileName, 'owners_template.csv', 'template file name');
    expectEqual(template.text, `${HEADER}\r\n`, 'the template is the header row');

    const good =
      `\uFEFF${HEADER}\r\n\r\n` +
      `${base},"Mary, Jane",O'Neil${t},1980-02-03,renter,mj.${t.toLowerCase()}@example.com,555-0101,"12 Elm St, Apt 4",,Town,CA,90210,"Bob ""B"" Smith",555-0102,\r\n` +
      `   \r\n` +
      `${base + 1},Tom,"Ng ""Tommy""${t}",,,,,,,,,,,,inactive\r\n` +
      `${base + 2},Ann,Lee${t}\r\n\r\n`;
    await owners.importFile('owners.csv', good);
    await expectVisible(owners.toast('Successfully imported 3 owners'));
    await owners.searchFor(t);
    const mary = owners.card(`Mary, Jane O'Neil${t}`);
    await expectVisible(mary);
    await expectVisible(mary.getByText('12 Elm St, Apt 4, Town, CA 90210'));
    await expectVisible(owners.card(`Tom Ng "Tommy"${t}`).getByText('Inactive'));
    const imported = await api.app('GET', `/entities/Owner?q=${encodeURIComponent(JSON.stringify({ owner_id: String(base) }))}`, { token });
    expectEqual(
      [imported[0].resident_status, imported[0].emergency_contact_name, imported[0].status],
      ['renter', 'Bob "B" Smith', 'active'],
      'quoted values and defaults',
    );
    await snap('owners-imported');

    const before = await countTagged(api, token, t);
    const bad = `${HEADER}\n${base + 10},Good,Row${t}\n${base + 11},,Missing${t}\n`;
    await owners.importFile('bad.csv', bad);
    await expectVisible(owners.toast('Failed to import owners: Row 3: First name is required'));
    expectEqual(await countTagged(api, token, t), before, 'a bad row rejects the whole file');
    // A clash with an existing owner id (found by the server) also names the file row.
    await owners.importFile('clash.csv', `${HEADER}\n\n${base + 20},New,One${t}\n${base},Dup,Two${t}\n`);
    await expectVisible(owners.toast('Failed to import owners: Row 4:'));
    expectEqual(await countTagged(api, token, t), before, 'a clash rejects the whole file');

    const exported = await downloadOf(page, () => owners.exportButton.click());
    expectEqual(exported.fileName, 'owners.csv', 'export file name');
    const lines = exported.text.split('\r\n');
    expectEqual(lines[0], HEADER, 'export header');
    const maryLine = lines.find((l) => l.startsWith(`${base},`));
    expectEqual(
      maryLine,
      `${base},"Mary, Jane",O'Neil${t},1980-02-03,renter,mj.${t.toLowerCase()}@example.com,555-0101,"12 Elm St, Apt 4",,Town,CA,90210,"Bob ""B"" Smith",555-0102,active`,
      'the exported row: spec column order, quoting, defaults',
    );
    expectEqual(lines.find((l) => l.startsWith(`${base + 2},`)), `${base + 2},Ann,Lee${t},,owner,,,,,,,,,,active`, 'defaults are written');
  }),

  spec('owners: debug mode reveals Delete All with its confirmation and texts', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    await api.app('POST', '/entities/Owner', { token, body: { owner_id: await nextOwnerId(api, token), first_name: 'Del', last_name: `Me${t}` } });
    await signInWithToken(page, token, '/owners');
    const owners = new OwnersPage(page);
    await expectVisible(owners.heading);
    await expectHidden(owners.deleteAllButton);

    await page.evaluate(() => localStorage.setItem('debug_mode', 'true'));
    await page.reload();
    await expectVisible(owners.deleteAllButton);
    await owners.deleteAllButton.click();
    await expectVisible(owners.confirm.getByText('Are you sure you want to delete ALL owners? This action cannot be undone and is only available in debug mode.'));
    await snap('owners-delete-all-confirm');
    const invoices = (await api.app('GET', '/entities/Invoice/count', { token })).count;
    await owners.acceptConfirm('Delete All');
    if (invoices === 0) {
      await expectVisible(owners.toast('All owners deleted successfully.'));
      await expectVisible(owners.empty);
      // With none left it says so without asking.
      await owners.deleteAllButton.click();
      await expectVisible(owners.toast('No owners to delete.'));
      await expectHidden(owners.confirm);
    } else {
      // Owners with invoices cannot be deleted; the delete is all or nothing.
      await expectVisible(owners.toast('Failed to delete all owners:'));
    }
    await page.evaluate(() => localStorage.removeItem('debug_mode'));
  }),
];
