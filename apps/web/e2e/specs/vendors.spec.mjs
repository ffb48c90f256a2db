import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { VendorsPage } from '../pages/vendors-page.mjs';

const tag = () => `Vq${Date.now().toString(36)}`;

export default [
  spec('vendors: add with validation and defaults, card details, edit, delete with confirmation', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    await signInWithToken(page, token, '/Vendors');
    const vendors = new VendorsPage(page);
    await expectVisible(vendors.heading);

    await vendors.addButton.click();
    await expectVisible(vendors.dialog.getByRole('heading', { name: 'Add New Vendor' }));
    expectEqual(await vendors.field('Payment Terms').inputValue(), 'Net 30', 'payment terms default');
    await expectVisible(vendors.field('Vendor Type').getByText('Contractor'));
    await expectVisible(vendors.field('Status').getByText('Active'));
    await vendors.fillForm({ Email: 'not-an-email' });
    await vendors.submit('Create Vendor');
    await expectVisible(vendors.dialog.getByText('Vendor name is required'));
    await expectVisible(vendors.dialog.getByText('Email must be a valid email address'));
    await snap('vendor-form-validation');

    await vendors.fillForm({
      'Vendor Name': `Green Lawns ${t}`, 'Contact Person': 'Gale Green', Email: 'gale@greenlawns.example', Phone: '555-0110',
      Address: '1 Garden Way', City: 'Springfield', State: 'IL', 'Zip Code': '62701', 'Tax ID': '12-3456789', Notes: 'Weekly mowing',
    });
    await vendors.choose('Vendor Type', 'Service Provider');
    await vendors.submit('Create Vendor');
    await expectHidden(vendors.dialog);
    const card = vendors.card(`Green Lawns ${t}`);
    await expectVisible(card.getByText('Active', { exact: true }));
    await expectVisible(card.getByText('Gale Green'));
    await expectVisible(card.getByText('gale@greenlawns.example'));
    await expectVisible(card.getByText('555-0110'));
    await expectVisible(card.getByText('Service Provider'));
    await snap('vendors');

    await card.getByRole('button', { name: `Edit Green Lawns ${t}` }).click();
    await expectVisible(vendors.dialog.getByRole('heading', { name: 'Edit Vendor' }));
    expectEqual(await vendors.field('Tax ID').inputValue(), '12-3456789', 'every field is kept');
    await vendors.choose('Status', 'Inactive');
    await vendors.fillForm({ Phone: '555-0220' });
    await vendors.submit('Update Vendor');
    await expectHidden(vendors.dialog);
    await expectVisible(card.getByText('555-0220'));
    await expectVisible(card.getByText('Inactive', { exact: true }));

    await card.getByRole('button', { name: `Delete Green Lawns ${t}` }).click();
    await expectVisible(vendors.confirm.getByText('Are you sure you want to delete this vendor?'));
    await vendors.acceptConfirm('Delete');
    await expectHidden(card);
  }),

  spec('vendors: search by vendor name or contact person, empty state, live refresh', async ({ page, api }) => {
    const token = await adminToken(api);
    const t = tag();
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: `Aqua Pools ${t}`, contact_person: 'Pam Pool' } });
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: `Bright Power ${t}`, contact_person: `Eli ${t}` } });
    await signInWithToken(page, token, '/Vendors');
    const vendors = new VendorsPage(page);
    await vendors.search.fill(`aqua pools ${t}`);
    await expectVisible(vendors.card(`Aqua Pools ${t}`));
    await expectHidden(vendors.card(`Bright Power ${t}`));
    await vendors.search.fill(`eli ${t}`);
    await expectVisible(vendors.card(`Bright Power ${t}`));
    await expectHidden(vendors.card(`Aqua Pools ${t}`));
    await vendors.search.fill(t);
    await expectVisible(vendors.card(`Aqua Pools ${t}`));
    // A vendor created elsewhere appears without a reload.
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: `Cedar Roofing ${t}` } });
    await expectVisible(vendors.card(`Cedar Roofing ${t}`));
    await vendors.search.fill(`${t}-none`);
    await expectVisible(page.getByText('No vendors found', { exact: true }));
  }),
];
