import { expectAttribute, expectURL, expectVisible } from '../lib/expect.mjs';

/** A DataTable of the UI kit, found by its name: headers, sort buttons, rows, the empty row and its pager. */
export class DataTable {
  /** @param {import('playwright-core').Page} page @param {string} name the table's accessible name, e.g. 'Tax rates' */
  constructor(page, name) {
    this.page = page;
    this.table = page.getByRole('table', { name, exact: true });
    this.rows = this.table.locator('tbody tr');
    this.pages = page.getByRole('navigation', { name: 'Pages' });
    this.next = this.pages.getByRole('button', { name: 'Next' });
    this.previous = this.pages.getByRole('button', { name: 'Previous' });
  }

  /** @param {string} title the column's title */
  header(title) {
    return this.table.getByRole('columnheader', { name: title, exact: true });
  }

  /** The button of a sortable header; it is named by the column's title. @param {string} title */
  sortButton(title) {
    return this.header(title).getByRole('button', { name: title, exact: true });
  }

  /** @param {string} title */
  async ariaSort(title) {
    return this.header(title).getAttribute('aria-sort');
  }

  /** The texts of one column, row by row. @param {number} index the column's position, from 1 */
  async column(index) {
    return this.table.locator(`tbody tr td:nth-child(${index})`).allTextContents();
  }

  /**
   * Waits until one column, of the rows `keep` picks, reads `expected` in order (the next page arrives after a sort).
   * @param {number} index @param {(text: string) => boolean} keep @param {string[]} expected
   */
  async expectColumn(index, keep, expected, timeout = 10_000) {
    const until = Date.now() + timeout;
    /** @type {string[]} */
    let actual = [];
    while (Date.now() < until) {
      actual = (await this.column(index)).filter(keep);
      if (JSON.stringify(actual) === JSON.stringify(expected)) return;
      await this.page.waitForFunction(() => true, undefined, { polling: 'raf' });
    }
    throw new Error(`Expected column ${index} to read ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }

  /**
   * Waits until the table's first rows read `expected` in one column (rows others made may follow them).
   * @param {number} index the column's position, from 1 @param {string[]} expected
   */
  async expectFirstRows(index, expected, timeout = 10_000) {
    const until = Date.now() + timeout;
    /** @type {string[]} */
    let actual = [];
    while (Date.now() < until) {
      actual = (await this.column(index)).slice(0, expected.length);
      if (JSON.stringify(actual) === JSON.stringify(expected)) return;
      await this.page.waitForFunction(() => true, undefined, { polling: 'raf' });
    }
    throw new Error(`Expected column ${index} to begin with ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }

  /**
   * Waits until one column's values, as `valueOf` reads each cell, run in the given direction down the page.
   * @param {number} index @param {(text: string) => number} valueOf @param {'ascending' | 'descending'} direction
   */
  async expectOrdered(index, valueOf, direction, timeout = 10_000) {
    const until = Date.now() + timeout;
    /** @type {string[]} */
    let actual = [];
    const inOrder = () => {
      const values = actual.map(valueOf);
      return values.slice(1).every((v, i) => (direction === 'ascending' ? Number(values[i]) <= v : Number(values[i]) >= v));
    };
    while (Date.now() < until) {
      actual = await this.column(index);
      if (actual.length > 1 && inOrder()) return;
      await this.page.waitForFunction(() => true, undefined, { polling: 'raf' });
    }
    throw new Error(`Expected column ${index} ${direction}, got ${JSON.stringify(actual)}`);
  }

  /**
   * Clicks a sortable header and waits until it says the order it asked for, and the address keeps it.
   * @param {string} title @param {'ascending' | 'descending'} direction @param {string | null} param the address's `sort` (null: the screen's default)
   */
  async sortBy(title, direction, param) {
    await this.sortButton(title).click();
    await expectAttribute(this.header(title), 'aria-sort', direction);
    await expectURL(this.page, (url) => url.searchParams.get('sort') === param);
  }

  /** @param {string} text e.g. 'Showing 1–50 of 51' */
  async expectShowing(text) {
    await expectVisible(this.pages.getByText(text, { exact: true }));
  }
}

/** Whether the page scrolls sideways: the document is wider than the window. @param {import('playwright-core').Page} page */
export function sidewaysOverflow(page) {
  return page.evaluate(() => {
    const root = /** @type {Element} */ (document.scrollingElement);
    return root.scrollWidth - root.clientWidth;
  });
}
