import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ThemesPage } from '../pages/themes-page.mjs';

export default [
  spec('themes: choosing Blue reloads the page with the blue primary colour, kept in the settings; Red restores the default', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token, '/themes');
    const themes = new ThemesPage(page);
    await expectVisible(themes.heading);
    for (const name of /** @type {const} */ (['Red', 'Blue', 'Purple', 'Orange', 'Green'])) await expectVisible(themes.theme(name));
    const red = await themes.primaryColour();
    await snap('themes');

    const reloaded = page.waitForEvent('load');
    await themes.theme('Blue').click();
    await reloaded;
    await expectVisible(themes.heading);
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'blue');
    const blue = await themes.primaryColour();
    if (blue === red || !blue.includes('262.881')) throw new Error(`the primary colour did not turn blue: ${red} → ${blue}`);
    expectEqual(await themes.theme('Blue').getAttribute('aria-checked'), 'true', 'Blue is the current theme');
    expectEqual(await page.evaluate(() => localStorage.getItem('theme')), 'blue', 'stored locally');
    const settings = await api.app('GET', '/entities/OrgSettings', { token });
    if (settings.length) expectEqual(settings[0].theme, 'blue', 'stored in the organization settings');
    await snap('blue');

    const back = page.waitForEvent('load');
    await themes.theme('Red').click();
    await back;
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'red');
  }),
];
