import { chooseOption } from '../lib/select.mjs';

/** The Banking screen: bank accounts, the import of statements, the statements and their lines, matching and reconciling. */
export class BankingPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Banking', exact: true, level: 1 });
    this.accounts = page.getByRole('list', { name: 'Bank accounts' });
    this.addButton = page.getByRole('button', { name: 'Add Bank Account' });
    this.accountDialog = page.getByRole('dialog', { name: /^(Add|Edit) Bank Account$/ });
    this.importDialog = page.getByRole('dialog', { name: 'Import Statement' });
    this.statements = page.getByRole('table', { name: 'Imported statements' });
    this.lines = page.getByRole('table', { name: 'Statement lines' });
    // Below the cards: the chosen account, and its tabs.
    this.accountSelect = page.getByRole('combobox', { name: 'Bank account', exact: true });

    // The Match tab.
    this.findMatches = page.getByRole('button', { name: 'Find Matches', exact: true });
    this.acceptSuggested = page.getByRole('button', { name: /^Accept \d+ Suggested Match(es)?$/ });
    this.toMatch = page.getByRole('table', { name: 'Lines to match' });
    this.matched = page.getByRole('table', { name: 'Matched lines' });
    this.excluded = page.getByRole('table', { name: 'Excluded lines' });
    this.matchDialog = page.getByRole('dialog', { name: 'Match Bank Line' });
    this.excludeDialog = page.getByRole('dialog', { name: 'Exclude Bank Line' });

    // The Reconcile tab.
    this.startForm = page.getByRole('form', { name: 'Start Reconciliation' });
    this.statementDate = this.startForm.getByLabel('Statement date', { exact: true });
    this.endingBalance = this.startForm.getByLabel('Ending balance', { exact: true });
    this.startButton = this.startForm.getByRole('button', { name: 'Start', exact: true });
    this.figures = page.locator('dl[aria-label="Reconciliation figures"]');
    /** The running difference of the draft (its figure's value). */
    this.difference = this.figures.locator('div').filter({ has: page.locator('dt', { hasText: /^Difference$/ }) }).locator('dd');
    this.postings = page.getByRole('table', { name: 'Postings to clear' });
    this.completeButton = page.getByRole('button', { name: 'Complete Reconciliation', exact: true });
    this.reconciliations = page.getByRole('table', { name: 'Reconciliations' });
    this.voidDialog = page.getByRole('dialog', { name: 'Void Reconciliation' });
  }

  async goto() {
    await this.page.goto('/banking');
  }

  /** A bank account's card, by its name. @param {string} name */
  account(name) {
    return this.accounts.getByRole('listitem', { name, exact: true });
  }

  /** Picks a column (or format) of the CSV mapping step. @param {string} label @param {string} option */
  async pick(label, option) {
    await chooseOption(this.page, this.importDialog.getByRole('combobox', { name: label, exact: true }), option);
  }

  /** Chooses a column (or the date format) of the CSV mapping step, by the retried pick of a Radix select. @param {string} label @param {string} option */
  async mapColumn(label, option) {
    await chooseOption(this.page, this.importDialog.getByRole('combobox', { name: label, exact: true }), option);
  }

  /** Shows an account's statements, matching and reconciliation (the select below the cards). @param {string} name */
  async chooseAccount(name) {
    await chooseOption(this.page, this.accountSelect, name);
  }

  /** A tab: Statements, Match or Reconcile below the cards; To match, Matched or Excluded in the Match tab. @param {string} name */
  tab(name) {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** A line of the match queue (any of its tables), by its date, description and amount as shown. @param {string} date @param {string} description @param {string} amount e.g. -$400.00 */
  queueLine(date, description, amount) {
    return this.page.getByRole('row', { name: `${date} ${description} ${amount}`, exact: true });
  }

  /** A line's Match, Exclude, Unmatch or Include button. @param {'Match' | 'Exclude' | 'Unmatch' | 'Include'} action @param {string} date @param {string} amount e.g. $250.00 */
  lineButton(action, date, amount) {
    return this.page.getByRole('button', { name: `${action} the line of ${date} for ${amount}`, exact: true });
  }

  /**
   * A posting's Cleared checkbox in the draft reconciliation.
   * @param {string} name the label after "Cleared: ": date, reference (or description) and amount, e.g. `2026-10-08 Check 3001 -$400.00`
   * @param {boolean} [checked] only while it is (or is not) ticked
   */
  cleared(name, checked) {
    return this.postings.getByRole('checkbox', { name: `Cleared: ${name}`, exact: true, checked });
  }

  /** A row of the Reconciliations table, by its statement date. @param {string} statementDate */
  reconciliation(statementDate) {
    return this.reconciliations.getByRole('row').filter({ has: this.page.getByRole('cell', { name: statementDate, exact: true }) });
  }

  /** A reconciliation's Report, Void or Delete button. @param {'Report of' | 'Void' | 'Delete'} action @param {string} statementDate */
  reconciliationButton(action, statementDate) {
    return this.reconciliations.getByRole('button', { name: `${action} the reconciliation to ${statementDate}`, exact: true });
  }
}
