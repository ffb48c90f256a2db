/**
 * Chooses an option of a Radix select (a combobox with a listbox). On a loaded machine a click can land while the
 * list is still opening and be ignored, leaving the list open over the form: the choice is retried until the list
 * has closed with the option chosen, and a list that did not open is opened again.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} combobox
 * @param {string} name the option's accessible name
 */
export async function chooseOption(page, combobox, name) {
  const listbox = page.getByRole('listbox');
  const option = page.getByRole('option', { name, exact: true });
  for (let attempt = 1; ; attempt += 1) {
    if (!(await listbox.isVisible())) await combobox.click();
    // A click on the combobox can be lost too (the form re-rendering under it): open it again when the list did not.
    try {
      await option.waitFor({ state: 'visible', timeout: 5000 });
    } catch (err) {
      if (attempt >= 3) throw err;
      continue;
    }
    await option.click();
    try {
      await listbox.waitFor({ state: 'hidden', timeout: 3000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
