import { FinancialScreen } from './items-page.mjs';

/** The Estoppel Requests screen: the table of requests, the New Request dialog, each request's dialog. */
export class EstoppelPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/EstoppelRequests', 'Estoppel Requests');
    this.table = page.getByRole('table', { name: 'Estoppel requests' });
    this.newButton = page.getByRole('button', { name: 'New Request' });
  }

  /** @param {string} unit @param {string} requester */
  async open(unit, requester) {
    await this.page.getByRole('button', { name: `Open request for unit ${unit} from ${requester}` }).click();
  }

  /** @param {string} unit @param {string} requester */
  requestRow(unit, requester) {
    return this.table.getByRole('row', { name: `Unit ${unit} for ${requester}` });
  }
}
