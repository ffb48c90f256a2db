/**
 * Chooses an option of a Radix select (a combobox with a listbox). On a loaded machine a click can land while the
 * list is still opening and be ignored, leaving the list open over the form: the choice is retried until the list
 * has closed with the option chosen.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} combobox
 * @param {string} name the option's accessible name
 */
export async function chooseOption(page, combobox, name) {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt += 1) {
    if (!(await listbox.isVisible())) await combobox.click();
    await page.getByRole('option', { name, exact: true }).click();
    try {
      await listbox.waitFor({ state: 'hidden', timeout: 3000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
