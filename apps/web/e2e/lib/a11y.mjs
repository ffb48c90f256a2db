import { AxeBuilder } from '@axe-core/playwright';

/** WCAG 2.2 A and AA (with the 2.0 and 2.1 rules it includes). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** Findings at these impacts fail the spec; the others are counted and reported. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * @typedef {object} AxeCount
 * @property {string} screen
 * @property {string} viewport
 * @property {number} blocking serious and critical findings (nodes)
 * @property {number} other minor and moderate findings (nodes)
 * @property {string[]} rules the rule ids found
 */

/**
 * Runs axe-core on the page as it is now (an open dialog included) and describes what it found.
 * @param {import('playwright-core').Page} page
 * @param {string} screen
 * @param {string} viewport
 * @returns {Promise<{ count: AxeCount, problems: string[] }>}
 */
export async function auditAccessibility(page, screen, viewport) {
  // The screen as it settles, not halfway through a transition: a toast fading in (or out after the viewport
  // changed) has its text blended with the page, which axe measures as too little contrast (seen once in CI on
  // Chart of Accounts: 2.37:1 for a toast's title mid-fade). Endless animations (spinners) are not waited for;
  // nothing waits more than 2 s.
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]));
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  let blocking = 0;
  let other = 0;
  /** @type {string[]} */
  const problems = [];
  for (const v of violations) {
    if (BLOCKING.has(v.impact ?? '')) {
      blocking += v.nodes.length;
      const targets = v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`);
      problems.push(`${v.impact} ${v.id}: ${v.help} [${viewport}]\n    ${targets.join('\n    ')}`);
    } else {
      other += v.nodes.length;
    }
  }
  return { count: { screen, viewport, blocking, other, rules: violations.map((v) => v.id) }, problems };
}
