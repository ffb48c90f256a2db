import { FinancialScreen } from './items-page.mjs';

/** The Announcements screen: the staff list and the compose dialog with its server-rendered preview. */
export class AnnouncementsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/announcements', 'Announcements');
    this.list = page.getByRole('table', { name: 'Announcements' });
    this.preview = page.getByRole('region', { name: 'Preview' });
  }

  /** @param {{ title: string; body: string; audience: string }} values */
  async compose({ title, body, audience }) {
    await this.page.getByRole('button', { name: 'New Announcement' }).click();
    await this.fillForm({ 'Title *': title, 'Body (Markdown) *': body });
    await this.choose('Audience *', audience);
  }
}

/** The Documents screen: documents by category, the upload dialog and the records checklist. */
export class DocumentsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/documents', 'Documents');
    this.checklist = page.getByRole('list', { name: 'Records checklist' });
  }

  /** @param {{ title: string; category: string; visibility: string; text: string }} values */
  async upload({ title, category, visibility, text }) {
    await this.page.getByRole('button', { name: 'Upload Document' }).click();
    await this.field('File *').setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`) });
    await this.fillForm({ 'Title *': title });
    await this.choose('Category *', category);
    await this.choose('Visibility *', visibility);
  }

  /** @param {string} category the category's heading */
  table(category) {
    return this.page.getByRole('table', { name: category });
  }
}
