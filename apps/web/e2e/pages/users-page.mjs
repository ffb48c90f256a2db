import { chooseOption } from '../lib/select.mjs';
export class UsersPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'User Management', level: 1 });
    this.profileHeading = page.getByRole('heading', { name: 'User Profile', level: 1 });
    this.search = page.getByPlaceholder('Search users by name or email...');
    this.cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    this.empty = page.getByText('No users found. Add your first user to get started.');
    this.addUser = page.getByRole('button', { name: 'Add User' });
    this.rolesCard = page.getByRole('heading', { name: 'About roles' });
    this.editDialog = page.getByRole('dialog', { name: 'Edit User' });
    this.inviteDialog = page.getByRole('dialog', { name: 'Invite User' });
    this.deleteDialog = page.getByRole('alertdialog');
  }

  async goto() {
    await this.page.goto('/users');
  }

  /** @param {string} name a card's accessible name: the user's full name (or email) */
  card(name) {
    return this.page.getByRole('list', { name: 'Users' }).getByRole('listitem', { name, exact: true });
  }

  /** @param {string} name */
  async edit(name) {
    await this.card(name).getByRole('button', { name: `Edit ${name}` }).click();
    return this.editDialog;
  }

  /** @param {string} name */
  async askToDelete(name) {
    await this.card(name).getByRole('button', { name: `Delete ${name}` }).click();
    return this.deleteDialog;
  }

  /** @param {string} email @param {string} roleLabel e.g. 'Owner' */
  async invite(email, roleLabel) {
    await this.addUser.click();
    await this.inviteDialog.getByLabel('Email').fill(email);
    await chooseOption(this.page, this.inviteDialog.getByRole('combobox', { name: 'Application Role' }), roleLabel);
    await this.inviteDialog.getByRole('button', { name: 'Send Invitation' }).click();
  }
}
