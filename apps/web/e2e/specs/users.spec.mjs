import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { ADMIN, adminToken, memberToken, OWNER, PROPERTY_MANAGER, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { UsersPage } from '../pages/users-page.mjs';

export default [
  spec('users: search by name or email, the edit dialog with its five fields, and a saved phone', async ({ page, api, snap }) => {
    await memberToken(api, PROPERTY_MANAGER);
    await memberToken(api, OWNER);
    await signInWithToken(page, await adminToken(api), '/users');
    const users = new UsersPage(page);
    await expectVisible(users.heading);
    await expectVisible(users.card(ADMIN.full_name).getByText('Administrator', { exact: true }));
    await expectVisible(users.card(PROPERTY_MANAGER.full_name).getByText('Property Manager', { exact: true }));
    await expectVisible(users.rolesCard);
    await snap('list');

    await users.search.fill('OSCAR.owner@');
    await expectHidden(users.card(ADMIN.full_name));
    await expectVisible(users.card(OWNER.full_name));
    await users.search.fill('pat man');
    await expectVisible(users.card(PROPERTY_MANAGER.full_name));
    await expectHidden(users.card(OWNER.full_name));
    await users.search.fill('nobody-like-this');
    await expectVisible(users.empty);
    await users.search.fill('');

    const dialog = await users.edit(OWNER.full_name);
    await expectVisible(dialog.getByLabel('Photo'));
    await expectVisible(dialog.getByText('Name cannot be changed here'));
    await expectVisible(dialog.getByText('Email cannot be changed'));
    expectEqual(await dialog.getByLabel('Full Name').isDisabled(), true, 'the name is read-only');
    expectEqual(await dialog.getByLabel('Email').inputValue(), OWNER.email, 'the email is shown');
    await expectVisible(dialog.getByRole('combobox', { name: 'Application Role' }));
    await expectVisible(dialog.getByRole('combobox', { name: 'Link to Owner' }).getByText('None'));
    await expectVisible(dialog.getByRole('combobox', { name: 'Assign to Property/Unit' }).getByText('None'));
    await snap('edit-dialog');

    const sent = page.waitForRequest((request) => request.method() === 'PUT' && /\/entities\/User\//.test(request.url()));
    await dialog.getByLabel('Phone').fill('555-0142');
    await dialog.getByRole('button', { name: 'Update User' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    expectEqual(Object.keys(body).sort(), ['owner_id', 'phone', 'photo_url', 'property_id', 'user_role'], 'only the five fields are sent');
    expectEqual([body.owner_id, body.property_id, body.user_role], [null, null, 'owner'], "'None' is saved as null");
    await expectHidden(dialog);
    await expectVisible(users.card(OWNER.full_name).getByText('555-0142'));
  }),

  spec('users: Add User invites by email (the invitation is in the outbox) and a user is deleted after the confirmation', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const doomed = { email: 'dana.delete@example.com', full_name: 'Dana Delete', role: 'renter' };
    await memberToken(api, doomed);
    await signInWithToken(page, token, '/users');
    const users = new UsersPage(page);
    await expectVisible(users.heading);

    await users.invite('ivy.invited@example.com', 'Household Member');
    await expectVisible(users.inviteDialog.getByText('An invitation was emailed to ivy.invited@example.com.'));
    await snap('invite');
    const invitation = await api.latestEmail(token, 'ivy.invited@example.com', /invite/i);
    if (!/\/register\?email=/.test(invitation.text)) throw new Error(`the invitation has no register link:\n${invitation.text}`);
    await users.inviteDialog.getByRole('button', { name: 'Close' }).first().click();

    const confirm = await users.askToDelete(doomed.full_name);
    await expectVisible(confirm.getByText('Are you sure you want to delete this user?'));
    await snap('delete-confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(users.card(doomed.full_name));
    await (await users.askToDelete(doomed.full_name)).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(users.card(doomed.full_name));
    const left = await api.app('GET', `/entities/User?q=${encodeURIComponent(JSON.stringify({ email: doomed.email }))}`, { token });
    expectEqual(left.length, 0, 'the user is deleted on the server');
  }),

  spec('users: an owner sees only their own record as User Profile, without Add User or delete', async ({ page, api, snap }) => {
    const { token } = await memberToken(api, OWNER);
    await signInWithToken(page, token, '/users');
    const users = new UsersPage(page);
    await expectVisible(users.profileHeading);
    await expectVisible(users.card(OWNER.full_name));
    expectEqual(await users.cards.count(), 1, 'one card: their own');
    await expectHidden(users.addUser);
    await expectHidden(page.getByRole('button', { name: `Delete ${OWNER.full_name}` }));
    await snap('owner-profile');
  }),

  spec('users: realtime, an open list refreshes when another session changes a user', async ({ page, api }) => {
    const token = await adminToken(api);
    const { user } = await memberToken(api, PROPERTY_MANAGER);
    await signInWithToken(page, token, '/users');
    const users = new UsersPage(page);
    await expectVisible(users.card(PROPERTY_MANAGER.full_name));
    // The socket joins the User room shortly after the list shows: retry the outside change a few times.
    let phone = '';
    for (let attempt = 0; attempt < 5 && !phone; attempt += 1) {
      const candidate = `555-07${attempt}${Date.now() % 10}`;
      await api.app('PUT', `/entities/User/${user.id}`, { token, body: { phone: candidate } });
      const seen = await users.card(PROPERTY_MANAGER.full_name).getByText(candidate).waitFor({ timeout: 3_000 }).then(() => true, () => false);
      if (seen) phone = candidate;
    }
    if (!phone) throw new Error('the open list did not refresh after another session changed the user');
  }),
];
