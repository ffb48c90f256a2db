import { chooseOption } from '../lib/select.mjs';
export class RoleManagementPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Role & Privilege Management', level: 1 });
    this.matrix = page.getByRole('table', { name: 'Privileges by resource and role' });
    this.save = page.getByRole('button', { name: 'Save Changes' });
    this.initialize = page.getByRole('button', { name: 'Initialize Default Roles' });
    this.saved = page.getByText('Privileges updated successfully!');
  }

  async goto() {
    await this.page.goto('/rolemanagement');
  }

  /** @param {string} resource e.g. 'Reports' @param {string} role e.g. 'Owner' */
  cell(resource, role) {
    return this.page.getByRole('combobox', { name: `${resource} for ${role}`, exact: true });
  }

  /** @param {number} n */
  unsaved(n) {
    return this.page.getByText(`You have ${n} unsaved changes`);
  }

  /** @param {string} resource @param {string} role @param {string} level e.g. 'Read' */
  async choose(resource, role, level) {
    await chooseOption(this.page, this.cell(resource, role), level);
  }
}
