import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { totpCode } from '../lib/totp.mjs';
import { UsersPage } from '../pages/users-page.mjs';
import { OwnersPage } from '../pages/owners-page.mjs';

/** A word unique to this run, so searches see only this spec's owners. */
const tag = () => `Pv${Date.now().toString(36)}`;

/**
 * The 6-digit code of the newest verification email to the address.
 * @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {string} email
 */
async function verificationCode(api, token, email) {
  const message = await api.latestEmail(token, email, /verification code/i);
  const code = message.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no 6-digit code in the email:\n${message.text}`);
  return code;
}

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {string} t @param {number} n @param {string | null} email */
async function makeOwner(api, token, t, n, email) {
  const [top] = await api.app('GET', '/entities/Owner?sort=-owner_id&limit=1&fields=owner_id', { token });
  const ownerId = String(Math.max(top ? Number(top.owner_id) + 1 : 100000, 100000));
  return api.app('POST', '/entities/Owner', { token, body: { owner_id: ownerId, first_name: `Portal${n}`, last_name: t, email } });
}

export default [
  spec('owners: "Invite all owners with an email" and an owner card\'s "Invite to portal"; the card shows who has a sign-in', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const withEmail = await makeOwner(api, token, t, 1, `portal1.${t.toLowerCase()}@example.com`);
    const withoutEmail = await makeOwner(api, token, t, 2, null);
    await signInWithToken(page, token, '/owners');
    const owners = new OwnersPage(page);
    await expectVisible(owners.heading);
    await owners.search.fill(t);
    const card = (/** @type {number} */ n) => owners.cards.filter({ hasText: `Portal${n} ${t}` });
    await expectVisible(card(1).getByText('No sign-in'));
    await expectVisible(card(2).getByText('No sign-in'));
    // Without an email there is nothing to invite.
    expectEqual(await card(2).getByRole('button', { name: /Invite to portal/ }).count(), 0, 'no invite button without an email');

    await page.getByRole('button', { name: 'Invite all owners with an email' }).click();
    await expectVisible(owners.confirm.getByText(/Every active owner with an email address and no sign-in yet/));
    await snap('invite-all-confirm');
    await owners.confirm.getByRole('button', { name: 'Send invitations' }).click();
    // Other specs' owners may share an email or have signed up: the report names them; none of this spec's.
    const report = page.getByRole('dialog', { name: 'Portal invitations' });
    await page.waitForFunction(() => document.querySelector('[data-sonner-toast]') || document.querySelector('[role="dialog"]'));
    if (await report.count()) {
      await snap('invite-all-skipped');
      expectEqual(await report.getByText(t).count(), 0, 'none of this spec\'s owners is skipped');
      await report.getByRole('button', { name: 'Close' }).first().click();
      await expectHidden(report);
    }
    await expectVisible(card(1).getByText('Invited to the portal'));
    await expectVisible(card(2).getByText('No sign-in'));
    await api.latestEmail(token, withEmail.email, /invited to Covenant/);

    // A new owner invited from their card: the button says so, then offers to invite again.
    const third = await makeOwner(api, token, t, 3, `portal3.${t.toLowerCase()}@example.com`);
    await expectVisible(card(3));
    await card(3).getByRole('button', { name: `Invite to portal: Portal3 ${t}` }).click();
    await expectVisible(page.getByText('1 invitation sent'));
    await expectVisible(card(3).getByText('Invited to the portal'));
    await expectVisible(card(3).getByRole('button', { name: `Invite again: Portal3 ${t}` }));
    await snap('owner-invited');

    // The owner registers from the invitation: their sign-in is linked to their record, and the card says so.
    await api.app('POST', '/auth/register', { body: { email: third.email, password: 'Portal-owner-2026' } });
    const verified = await api.app('POST', '/auth/verify-otp', { body: { email: third.email, otp_code: await verificationCode(api, token, third.email) } });
    expectEqual(verified.user.owner_id, third.id, 'the new sign-in is linked to the invited owner');
    await expectVisible(card(3).getByText('Has a sign-in'));
    expectEqual(await card(3).getByRole('button', { name: /Invite/ }).count(), 0, 'no invite button once signed up');
    expectEqual(withoutEmail.email, null, 'the owner without an email stayed without one');
  }),

  spec('users: an administrator resets a user\'s two-factor authentication; the user signs in with the password alone', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const email = `twofactor.${t.toLowerCase()}@example.com`;
    await api.inviteUser(token, email, 'renter');
    await api.app('POST', '/auth/register', { body: { email, password: 'Reset-2fa-2026', full_name: `Lost Phone ${t}` } });
    const verified = await api.app('POST', '/auth/verify-otp', { body: { email, otp_code: await verificationCode(api, token, email) } });
    const enabled = await api.app('POST', '/auth/two-factor/enable', { token: verified.access_token, body: { password: 'Reset-2fa-2026' } });
    await api.app('POST', '/auth/two-factor/verify', { token: verified.access_token, body: { code: totpCode(enabled.totp_uri) } });
    expectEqual((await api.app('POST', '/auth/login', { body: { email, password: 'Reset-2fa-2026' } })).two_factor_required, true, 'a second factor is asked');

    await signInWithToken(page, token, '/users');
    const users = new UsersPage(page);
    await expectVisible(users.heading);
    await users.search.fill(t);
    const dialog = await users.edit(`Lost Phone ${t}`);
    await expectVisible(dialog.getByText('Two-factor authentication is on for this user.'));
    await dialog.getByRole('button', { name: 'Reset two-factor authentication' }).click();
    const confirm = page.getByRole('alertdialog');
    await expectVisible(confirm.getByText(`Reset two-factor authentication for Lost Phone ${t}?`, { exact: false }));
    await snap('reset-two-factor-confirm');
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expectVisible(page.getByText('Two-factor authentication reset. The user signs in with the password alone.'));
    await expectHidden(users.editDialog);
    const after = await api.app('POST', '/auth/login', { body: { email, password: 'Reset-2fa-2026' } });
    expectEqual(typeof after.access_token, 'string', 'the password alone signs in');
  }),
];
