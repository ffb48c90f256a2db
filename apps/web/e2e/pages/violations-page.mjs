/** The Violations screen: the list with its status filter, and one violation's timeline. */
export class ViolationsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Violations', exact: true, level: 1 });
    this.status = page.getByLabel('Status');
    this.timeline = page.getByRole('list', { name: 'Violation timeline' });
  }

  /** @param {string} text a cell's text, unique to the row */
  row(text) {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** @param {string} text */
  async openTimeline(text) {
    await this.row(text).getByRole('button', { name: /^Timeline of / }).click();
  }
}

/** Inspection mode (phone first): unit, type, description, photos, Save; the list of what this walk recorded. */
export class InspectionMode {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.open = page.getByRole('button', { name: 'Inspection mode' });
    this.heading = page.getByRole('heading', { name: 'Inspection mode', exact: true, level: 1 });
    this.unit = page.getByLabel('Unit', { exact: true });
    this.type = page.getByLabel('Violation type');
    this.description = page.getByLabel('Description');
    this.photos = page.getByLabel('Photos');
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.recorded = page.getByRole('list', { name: 'Recorded in this inspection' });
  }
}

/** The staff's actions under a violation's timeline. */
export class ViolationActionsPanel {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.outcome = page.getByLabel('Outcome');
    this.fineAmount = page.getByLabel(/^Fine amount/);
    this.recordDecision = page.getByRole('button', { name: 'Record Decision' });
  }
}

/** My Account's Violations section: one violation of the owner by its title ("<type> at unit <unit>"). */
export class MyViolationsSection {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.section = page.getByRole('region', { name: 'Violations' });
  }

  /** @param {string} title */
  violation(title) {
    return this.page.getByRole('article', { name: title });
  }
}
