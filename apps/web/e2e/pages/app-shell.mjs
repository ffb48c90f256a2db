/** The frame of a signed-in user: header, user menu and sidebar. */
export class AppShell {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.welcome = page.getByText('Welcome to the HOA management system');
    this.organizationName = page.getByTestId('organization-name');
    this.userMenu = page.getByRole('button', { name: / user menu$/ });
    /** Kept for the older specs: a signed-in screen shows the user menu, which holds Logout. */
    this.logoutButton = this.userMenu;
    this.debugToggle = page.getByRole('switch', { name: 'Debug mode' });
    this.menu = page.getByRole('navigation', { name: 'Main menu' });
    this.toggleSidebarButton = page.getByRole('button', { name: 'Toggle Sidebar' }).first();
    this.sidebar = page.locator('[data-slot="sidebar"][data-state]');
    this.mobileSidebar = page.getByRole('dialog', { name: 'Sidebar' });
    this.noAccess = page.getByRole('heading', { name: 'You do not have access to this page' });
  }

  /** @param {string} name the signed-in user's name, shown on the user menu */
  userName(name) {
    return this.page.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .* user menu$`) });
  }

  /** @param {string} label e.g. 'Administrator' */
  roleLabel(label) {
    return this.userMenu.getByText(label, { exact: true });
  }

  /** @param {string} title a menu section, e.g. 'Community' */
  section(title) {
    return this.menu.getByRole('group', { name: title });
  }

  /** @param {string} title a menu item, e.g. 'Owners' */
  menuLink(title) {
    return this.menu.getByRole('link', { name: title, exact: true });
  }

  /** The titles of every visible menu item, in order. */
  async menuTitles() {
    return this.menu.getByRole('link').allInnerTexts().then((texts) => texts.map((t) => t.trim()));
  }

  /** The visible section titles, in order. */
  async sectionTitles() {
    const groups = this.menu.getByRole('group');
    const count = await groups.count();
    const titles = [];
    for (let i = 0; i < count; i += 1) titles.push(await groups.nth(i).getAttribute('aria-label'));
    return titles;
  }

  /** 'expanded' or 'collapsed' (desktop). */
  sidebarState() {
    return this.sidebar.getAttribute('data-state');
  }

  /** Signs out and waits for the sign-in page that loads after it (a full page load). */
  async logout() {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    await this.page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'load' });
    await this.page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' });
  }

  async openTwoFactor() {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
    return new TwoFactorPanel(this.page.getByRole('dialog', { name: 'Two-factor authentication' }));
  }

  async openChangePassword() {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: 'Change password' }).click();
    return this.page.getByRole('dialog', { name: 'Change password' });
  }
}

/** Setting up or turning off two-factor authentication: the user-menu dialog, or the screen staff get when it is required. */
export class TwoFactorPanel {
  /** @param {import('playwright-core').Locator} root */
  constructor(root) {
    this.root = root;
    this.password = root.getByLabel('Password');
    this.continue = root.getByRole('button', { name: 'Continue' });
    this.qrCode = root.getByRole('img', { name: 'QR code for your authenticator app' });
    this.key = root.getByTestId('two-factor-key');
    this.recoveryCodes = root.getByRole('list', { name: '2. Keep your recovery codes' }).getByRole('listitem');
    this.code = root.getByLabel('Authentication code');
    this.turnOn = root.getByRole('button', { name: 'Turn on two-factor authentication' });
    this.turnOff = root.getByRole('button', { name: 'Turn off two-factor authentication' });
    this.error = root.getByRole('alert');
  }

  /** The otpauth:// URI an app would read from the QR code, rebuilt from the key shown for typing. */
  async otpauthUri() {
    const key = (await this.key.innerText()).replace(/\s+/g, '');
    return `otpauth://totp/Covenant?secret=${key}`;
  }
}
