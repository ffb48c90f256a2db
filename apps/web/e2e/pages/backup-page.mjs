/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expectVisible } from '../lib/expect.mjs';

/** The Backup & Restore screen. */
export class BackupPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Backup & Restore', level: 1 });
    this.downloadButton = page.getByRole('button', { name: 'Download Backup' });
    this.uploadButton = page.getByRole('button', { name: 'Upload Backup File' });
    this.fileInput = page.getByTestId('backup-file-input');
    this.warning = page.getByText('cannot be easily undone');
  }

  async goto() {
    await this.page.goto('/backup');
    await expectVisible(this.heading);
  }

  /** Starts recording every progress value and status text the page shows (read with statusLog). */
  async recordStatus() {
    await this.page.evaluate(() => {
      const log = /** @type {string[]} */ ([]);
      Object.assign(window, { __statusLog: log });
      const note = () => {
        for (const bar of document.querySelectorAll('[data-slot="progress"]')) {
          const box = bar.parentElement;
          const text = box?.querySelector('[role="status"], [data-slot="alert-title"]')?.textContent ?? '';
          const entry = `${bar.getAttribute('aria-valuenow') ?? bar.getAttribute('data-value') ?? ''} ${text}`;
          if (!log.includes(entry)) log.push(entry);
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  }

  /** @returns {Promise<string[]>} */
  statusLog() {
    return this.page.evaluate(() => /** @type {any} */ (window).__statusLog ?? []);
  }

  /** @param {string} fileName @param {string} text */
  async upload(fileName, text) {
    await this.fileInput.setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });
  }
}
