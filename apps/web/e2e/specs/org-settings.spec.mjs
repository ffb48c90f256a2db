import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken, TINY_PNG } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { OrgSettingsPage } from '../pages/org-settings-page.mjs';

export default [
  spec('organization settings: validation, a real logo upload, save, and the name in the header after a reload', async ({ page, api, baseURL, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token, '/orgsettings');
    const settings = new OrgSettingsPage(page);
    await expectVisible(settings.heading);
    expectEqual(await settings.website.getAttribute('placeholder'), new URL(baseURL).host, 'the website placeholder is the host');
    expectEqual(await settings.email.getAttribute('type'), 'email', 'the email field is of email type');

    await settings.companyName.fill('');
    await settings.save.click();
    await expectVisible(page.getByText('Company Name is required'));
    await settings.companyName.fill('Maple Grove Community Association');
    await settings.email.fill('not-an-email');
    await settings.save.click();
    await expectVisible(page.getByText('Email must be a valid email address'));
    await snap('validation');

    await settings.logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expectVisible(page.getByText('Failed to upload logo'));
    await settings.logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expectVisible(settings.logo);
    const logoUrl = await settings.logo.getAttribute('src');

    await settings.email.fill('board@maplegrove.example');
    await settings.address.fill('1 Maple Way');
    await settings.city.fill('Springfield');
    await settings.state.fill('IL');
    await settings.zip.fill('62701');
    await settings.phone.fill('555-0100');
    await settings.website.fill('maplegrove.example');
    await settings.save.click();
    await expectVisible(settings.saved);
    await snap('saved');

    await page.reload();
    await expectVisible(settings.heading);
    expectEqual(await settings.companyName.inputValue(), 'Maple Grove Community Association', 'the name is kept');
    expectEqual(await settings.city.inputValue(), 'Springfield', 'the city is kept');
    expectEqual(await settings.logo.getAttribute('src'), logoUrl, 'the logo is kept');
    await expectVisible(new AppShell(page).organizationName.getByText('Maple Grove Community Association'));

    const [record] = await api.app('GET', '/entities/OrgSettings', { token });
    expectEqual([record.company_name, record.email, record.zip_code], ['Maple Grove Community Association', 'board@maplegrove.example', '62701'], 'saved on the server');
    const image = await fetch(new URL(logoUrl ?? '', baseURL));
    expectEqual(image.status, 200, 'the uploaded logo is served');
  }),
];
