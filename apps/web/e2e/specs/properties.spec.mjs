import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { downloadOf } from '../pages/owners-page.mjs';
import { PropertiesPage } from '../pages/properties-page.mjs';

const HEADER = 'property_id,unit_number,street_address,city,state,zip_code,property_type,square_footage,bedrooms,bathrooms,parking_spaces,monthly_hoa_fee,status,notes';
const tag = () => `Pq${Date.now().toString(36)}`;

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {'Owner'|'Property'} entity @param {string} field @param {number} first */
async function nextId(api, token, entity, field, first) {
  const [top] = await api.app('GET', `/entities/${entity}?sort=-${field}&limit=1&fields=${field}`, { token });
  return Math.max(top ? Number(top[field]) + 1 : first, first);
}

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {string} entity @param {object} q */
async function count(api, token, entity, q) {
  return (await api.app('GET', `/entities/${entity}/count?q=${encodeURIComponent(JSON.stringify(q))}`, { token })).count;
}

/**
 * The 6-digit code of the newest verification email to an address.
 * @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {string} email
 */
async function verificationCode(api, token, email) {
  const message = await api.latestEmail(token, email, /verification code/i);
  return message.text.match(/\b\d{6}\b/)?.[0];
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export default [
  spec('properties: add with a suggested id and validation, edit with the id locked, search and both sorts', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    await signInWithToken(page, token, '/properties');
    const props = new PropertiesPage(page);
    await expectVisible(props.heading);

    const suggested = String(await nextId(api, token, 'Property', 'property_id', 200000)).padStart(6, '0');
    await props.addButton.click();
    await expectVisible(props.dialog.getByRole('heading', { name: 'Add Property' }));
    await page.waitForFunction((want) => [...document.querySelectorAll('[role=dialog] input')].some((i) => /** @type {HTMLInputElement} */ (i).value === want), suggested);
    expectEqual(await props.field('Property ID').inputValue(), suggested, 'suggested as the highest plus one, from 200000');
    await props.field('Property ID').fill('');
    await props.field('Property ID').pressSequentially('2x0');
    expectEqual(await props.field('Property ID').inputValue(), '20', 'non-digits stripped');
    await props.saveButton.click();
    await expectVisible(props.dialog.getByText('Property ID must be exactly 6 digits'));
    await expectVisible(props.dialog.getByText('Unit number is required'));
    await props.field('Property ID').fill(suggested);
    await props.field('Unit Number').fill(`${t}-10`);
    await props.field('Street Address').fill(`10 ${t} Way`);
    await props.field('Square Feet').fill('1200');
    await props.field('Bedrooms').fill('3');
    await props.field('Bathrooms').fill('2.5');
    await props.field('Monthly HOA Fee').fill('1250.5');
    await snap('property-form');
    await props.saveButton.click();
    await expectHidden(props.dialog);

    await props.search.fill(t);
    const card = props.card(`${t}-10`);
    await expectVisible(card.getByText('$1,250.50'));
    await expectVisible(card.getByText('1,200 sq ft'));
    await expectVisible(card.getByText('3 beds'));
    await expectVisible(card.getByText('Condo'));
    await snap('properties');

    await card.getByRole('button', { name: `Edit unit ${t}-10` }).click();
    expectEqual(await props.field('Property ID').isDisabled(), true, 'the property id is locked when editing');
    await props.field('Monthly HOA Fee').fill('300');
    await props.dialog.getByRole('button', { name: 'Update Property' }).click();
    await expectHidden(props.dialog);
    await expectVisible(card.getByText('$300.00'));

    // Two more units and owners for the sorts.
    const base = await nextId(api, token, 'Property', 'property_id', 200000);
    const p2 = await api.app('POST', '/entities/Property', { token, body: { property_id: String(base), unit_number: `${t}-2`, street_address: '2 Side St' } });
    const p3 = await api.app('POST', '/entities/Property', { token, body: { property_id: String(base + 1), unit_number: `${t}-3`, street_address: `3 ${t} Way` } });
    const ob = await nextId(api, token, 'Owner', 'owner_id', 100000);
    const zed = await api.app('POST', '/entities/Owner', { token, body: { owner_id: String(ob), first_name: 'Zed', last_name: `Zulu${t}` } });
    const amy = await api.app('POST', '/entities/Owner', { token, body: { owner_id: String(ob + 1), first_name: 'Amy', last_name: `Alpha${t}` } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: zed.id, property_id: p2.id } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: amy.id, property_id: p3.id } });

    await props.expectOrder([`${t}-2`, `${t}-3`, `${t}-10`]);
    await props.sortBy('Sort by Owner Last Name');
    await props.expectOrder([`${t}-3`, `${t}-2`, `${t}-10`]);
    await props.sortBy('Sort by Unit Number');
    await props.search.fill(`${t} Way`);
    await props.expectOrder([`${t}-3`, `${t}-10`]);
    await props.search.fill(`${t}-2`);
    await props.expectOrder([`${t}-2`]);
    // Owner avatars link to the Owners screen.
    await props.card(`${t}-2`).getByRole('link', { name: `Zed Zulu${t}` }).click();
    await page.waitForURL((url) => url.pathname === '/owners');
  }),

  spec('properties: assign owners (defaults, already-assigned not offered), remove with confirmation, delete unassigns', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const pid = await nextId(api, token, 'Property', 'property_id', 200000);
    const unit = `${t}-7`;
    const property = await api.app('POST', '/entities/Property', { token, body: { property_id: String(pid), unit_number: unit } });
    const ob = await nextId(api, token, 'Owner', 'owner_id', 100000);
    const names = ['Ava', 'Ben', 'Cy'];
    for (const [i, first] of names.entries()) {
      await api.app('POST', '/entities/Owner', { token, body: { owner_id: String(ob + i), first_name: first, last_name: `Own${t}` } });
    }

    await signInWithToken(page, token, `/properties?search=${unit}`);
    const props = new PropertiesPage(page);
    await expectVisible(props.card(unit));
    await props.openAssign(unit);
    expectEqual(await props.dialog.getByLabel('Ownership Percentage').inputValue(), '100', 'ownership percentage defaults to 100');
    expectEqual(await props.dialog.getByLabel('Start Date').inputValue(), today(), 'start date defaults to today');
    await expectVisible(props.dialog.getByRole('combobox', { name: 'Relationship Type' }).getByText('Owner'));
    await props.dialog.getByPlaceholder('Search owners...').fill(`Own${t}`);
    await expectVisible(props.offeredOwners().filter({ hasText: 'Cy' }));
    expectEqual(await props.offeredOwners().count(), 3, 'three owners offered');
    await props.dialog.getByLabel(`Ava Own${t}`).check();
    await props.dialog.getByLabel('Ownership Percentage').fill('150');
    await props.dialog.getByRole('button', { name: 'Assign Owners' }).click();
    await expectVisible(props.dialog.getByText('Ownership percentage must be at most 100'));
    await props.dialog.getByLabel('Ownership Percentage').fill('60');
    await snap('assign-dialog');
    await props.dialog.getByRole('button', { name: 'Assign Owners' }).click();
    await expectHidden(props.dialog);
    await expectVisible(props.card(unit).getByRole('link', { name: `Ava Own${t}` }));
    const [link] = await api.app('GET', `/entities/OwnerProperty?q=${encodeURIComponent(JSON.stringify({ property_id: property.id }))}`, { token });
    expectEqual([link.ownership_percentage, link.relationship_type, link.start_date], [60, 'owner', today()], 'the link saved');

    await props.openAssign(unit);
    await props.dialog.getByPlaceholder('Search owners...').fill(`Own${t}`);
    await expectVisible(props.offeredOwners().filter({ hasText: 'Cy' }));
    expectEqual(await props.offeredOwners().count(), 2, 'an assigned owner is not offered again');
    await expectHidden(props.offeredOwners().filter({ hasText: 'Ava' }));
    await props.dialog.getByRole('button', { name: `Remove Ava Own${t}` }).click();
    await expectVisible(props.confirm.getByText('Are you sure you want to remove this owner from the unit?'));
    await props.acceptConfirm('Remove');
    await expectHidden(props.dialog.getByRole('button', { name: `Remove Ava Own${t}` }));
    expectEqual(await count(api, token, 'OwnerProperty', { property_id: property.id }), 0, 'the assignment was removed');

    await props.dialog.getByLabel(`Ben Own${t}`).check();
    await props.dialog.getByRole('button', { name: 'Assign Owners' }).click();
    await expectHidden(props.dialog);
    await expectVisible(props.card(unit).getByRole('link', { name: `Ben Own${t}` }));

    await props.card(unit).getByRole('button', { name: `Delete unit ${unit}` }).click();
    await expectVisible(props.confirm.getByText('Are you sure you want to delete this property?'));
    await props.acceptConfirm('Delete');
    await expectVisible(props.empty);
    expectEqual(await count(api, token, 'OwnerProperty', { property_id: property.id }), 0, 'its owners were unassigned');
    expectEqual(await count(api, token, 'Owner', { last_name: `Own${t}` }), 3, 'the owners remain');
  }),

  spec('properties: CSV template, import (decimals, quotes, bad row refused) and export', async ({ page, api }) => {
    const token = await adminToken(api);
    const t = tag();
    const pid = await nextId(api, token, 'Property', 'property_id', 200000);
    await signInWithToken(page, token, '/properties');
    const props = new PropertiesPage(page);
    await expectVisible(props.heading);
    const template = await downloadOf(page, () => props.templateButton.click());
    expectEqual([template.fileName, template.text], ['properties_template.csv', `${HEADER}\r\n`], 'template');

    await props.importFile('bad.csv', `${HEADER}\n${pid},${t}-1\n${pid + 1},${t}-2,,,,,,,,1.3\n`);
    await expectVisible(page.getByText('Failed to import properties: Row 3: Bathrooms must be in steps of 0.5'));
    expectEqual(await count(api, token, 'Property', { unit_number: { $regex: t } }), 0, 'nothing imported');

    await props.importFile('props.csv', `\uFEFF${HEADER}\r\n\r\n${pid},${t}-1,"1 Main St, Unit 1",Town,CA,90210,,"1,200",2,1.5,1,"$1,250.50",,"Corner, ""view"""\r\n${pid + 1},${t}-2,,,,,townhouse,,,,,99.9,vacant,\r\n`);
    await expectVisible(page.getByText('Successfully imported 2 properties'));
    await props.search.fill(t);
    await expectVisible(props.card(`${t}-1`).getByText('$1,250.50'));
    await expectVisible(props.card(`${t}-2`).getByText('Townhouse'));

    const exported = await downloadOf(page, () => props.exportButton.click());
    expectEqual(exported.fileName, 'properties.csv', 'export file name');
    const lines = exported.text.split('\r\n');
    expectEqual(lines[0], HEADER, 'export header');
    expectEqual(lines.find((l) => l.startsWith(`${pid},`)), `${pid},${t}-1,"1 Main St, Unit 1",Town,CA,90210,condo,1200,2,1.5,1,1250.5,occupied,"Corner, ""view"""`, 'exported row');
  }),

  spec('properties: an owner sees only their units, read-only', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const pid = await nextId(api, token, 'Property', 'property_id', 200000);
    const mine = await api.app('POST', '/entities/Property', { token, body: { property_id: String(pid), unit_number: `${t}-M` } });
    await api.app('POST', '/entities/Property', { token, body: { property_id: String(pid + 1), unit_number: `${t}-N` } });
    const ob = await nextId(api, token, 'Owner', 'owner_id', 100000);
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: String(ob), first_name: 'Olga', last_name: `Own${t}` } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: mine.id } });

    const user = { full_name: 'Olga Owner', email: `olga.${t.toLowerCase()}@example.com`, password: 'Owner-e2e-2024!' };
    await api.inviteUser(token, user.email, 'owner');
    await api.app('POST', '/auth/register', { body: user });
    const verified = await api.app('POST', '/auth/verify-otp', { body: { email: user.email, otp_code: await verificationCode(api, token, user.email) } });
    const ownerToken = verified.access_token ?? (await api.login(user.email, user.password));
    const me = await api.me(ownerToken);
    await api.app('PUT', `/entities/User/${me.id}`, { token, body: { owner_id: owner.id } });

    await signInWithToken(page, ownerToken, '/properties');
    const props = new PropertiesPage(page);
    await expectVisible(props.card(`${t}-M`));
    await expectHidden(props.card(`${t}-N`));
    await expectHidden(props.addButton);
    await expectHidden(props.card(`${t}-M`).getByRole('button', { name: `Assign owners to unit ${t}-M` }));
    await expectHidden(props.card(`${t}-M`).getByRole('button', { name: `Edit unit ${t}-M` }));
    await snap('properties-owner-view');
  }),
];
