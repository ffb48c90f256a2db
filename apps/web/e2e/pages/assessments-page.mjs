import { FinancialScreen } from './items-page.mjs';

/** The Assessments screen: schedules, late-fee rules, the run (preview, post) and the run history. */
export class AssessmentsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/Assessments', 'Assessments');
    this.schedules = page.getByRole('table', { name: 'Assessment schedules' });
    this.rules = page.getByRole('table', { name: 'Late fee rules' });
    this.asOf = page.getByLabel('As of', { exact: true });
    this.preview = page.getByRole('region', { name: 'Preview' });
    this.previewRows = page.getByRole('table', { name: 'Preview charges' });
    this.history = page.getByRole('table', { name: 'Run history' });
    this.postButton = page.getByRole('button', { name: 'Post', exact: true });
  }

  /** @param {Record<string, string>} fields by label @param {Record<string, string>} choices combobox label → option */
  async addSchedule(fields, choices) {
    await this.page.getByRole('button', { name: 'Add Schedule' }).click();
    for (const [label, option] of Object.entries(choices)) await this.choose(label, option);
    await this.fillForm(fields);
    await this.submit('Add Schedule');
  }

  /** @param {Record<string, string>} fields @param {Record<string, string>} choices @param {string[]} appliesTo item labels */
  async addRule(fields, choices, appliesTo) {
    await this.page.getByRole('button', { name: 'Add Rule' }).click();
    for (const [label, option] of Object.entries(choices)) await this.choose(label, option);
    await this.fillForm(fields);
    for (const item of appliesTo) await this.dialog.getByRole('checkbox', { name: item }).check();
    await this.submit('Add Rule');
  }

  /** @param {'Preview Assessments' | 'Preview Late Fees'} which @param {string} asOf */
  async runPreview(which, asOf) {
    await this.asOf.fill(asOf);
    await this.page.getByRole('button', { name: which }).click();
  }
}
