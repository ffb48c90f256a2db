import { THEMES } from '@covenant/contracts/constants';

export type Theme = (typeof THEMES)[number];
const KEY = 'theme';
export const DEFAULT_THEME: Theme = 'red';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return isTheme(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Sets the colour variables of a theme (index.css `[data-theme=…]`) and remembers it locally. */
export function applyTheme(theme: unknown): void {
  const value = isTheme(theme) ? theme : DEFAULT_THEME;
  document.documentElement.dataset.theme = value;
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // Private mode: the theme still applies to this page.
  }
}

export function storeTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
}
