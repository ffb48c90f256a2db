import { expectEqual, expectHidden, expectURL, expectVisible } from '../lib/expect.mjs';
import { memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { totpCode } from '../lib/totp.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { LoginPage } from '../pages/login-page.mjs';

/** A member of their own: two-factor on the shared administrator would change every other spec's sign-in. */
const MEMBER = Object.freeze({ email: 'tess.twofactor@example.com', full_name: 'Tess Twofactor', role: 'property_manager', password: 'Two-factor-e2e-2024!' });

export default [
  spec('two-factor: enrol from the user menu (QR code and key), sign in with a code, then a recovery code, then turn it off', async ({ page, api, snap }) => {
    const { token } = await memberToken(api, MEMBER);
    await signInWithToken(page, token);
    const shell = new AppShell(page);
    await expectVisible(shell.userName(MEMBER.full_name));

    // Enrol: password, then the QR code, the key and the recovery codes, then a first code.
    let panel = await shell.openTwoFactor();
    await panel.password.fill('not-my-password');
    await panel.continue.click();
    await expectVisible(panel.error.filter({ hasText: 'The password is incorrect' }));
    await panel.password.fill(MEMBER.password);
    await panel.continue.click();
    await expectVisible(panel.qrCode);
    const qrSource = await panel.qrCode.getAttribute('src');
    if (!qrSource?.startsWith('data:image/png;base64,')) throw new Error(`the QR code is not drawn in the browser: ${qrSource?.slice(0, 40)}`);
    await expectVisible(panel.key);
    const recoveryCodes = await panel.recoveryCodes.allInnerTexts();
    expectEqual(recoveryCodes.length, 10, 'ten recovery codes are shown');
    const [firstCode = '', secondCode = ''] = recoveryCodes;
    await snap('enrol');
    const uri = await panel.otpauthUri();
    await panel.code.fill('000000');
    await panel.turnOn.click();
    await expectVisible(panel.error);
    await panel.code.fill(totpCode(uri));
    await panel.turnOn.click();
    await expectVisible(page.getByText('Two-factor authentication is on', { exact: true }));
    await expectHidden(panel.root);
    // The session was replaced on the server; this tab carries on with the new token.
    await page.reload();
    await expectVisible(shell.userName(MEMBER.full_name));

    // Sign in again: the password, then the code from the app.
    await shell.logout();
    const login = new LoginPage(page);
    await login.signIn(MEMBER.email, MEMBER.password);
    await expectVisible(login.twoFactorHeading);
    await snap('second-factor');
    await login.enterAuthenticationCode(totpCode(uri, Date.now() + 5 * 60_000));
    await expectVisible(login.error.filter({ hasText: 'The code is not right' }));
    await login.enterAuthenticationCode(totpCode(uri));
    await expectURL(page, '/');
    await expectVisible(shell.userName(MEMBER.full_name));

    // A recovery code works once.
    await shell.logout();
    await login.signIn(MEMBER.email, MEMBER.password);
    await expectVisible(login.twoFactorHeading);
    await login.enterRecoveryCode(firstCode);
    await expectURL(page, '/');
    await expectVisible(shell.userName(MEMBER.full_name));
    await shell.logout();
    await login.signIn(MEMBER.email, MEMBER.password);
    await login.enterRecoveryCode(firstCode);
    await expectVisible(login.error.filter({ hasText: 'That recovery code is not right or was already used' }));
    await login.recoveryCode.fill(secondCode);
    await login.verify.click();
    await expectURL(page, '/');

    // Turn it off with the password; the password alone signs in again.
    panel = await shell.openTwoFactor();
    await expectVisible(panel.root.getByText('Two-factor authentication is on: signing in asks for a code from your authenticator app.'));
    await snap('turn-off');
    await panel.password.fill(MEMBER.password);
    await panel.turnOff.click();
    await expectVisible(page.getByText('Two-factor authentication is off', { exact: true }));
    await shell.logout();
    await login.signIn(MEMBER.email, MEMBER.password);
    await expectURL(page, '/');
    await expectVisible(shell.userName(MEMBER.full_name));
    const me = await api.me(await api.login(MEMBER.email, MEMBER.password));
    expectEqual(me.two_factor_enabled, false, 'two-factor is off on the server');
  }),
];
