import { isThemeColour, themeDeclarations, type TSiteSettings } from '@palaro/contract';

type Theme = TSiteSettings['theme'];

/** Writes the merchant's theme as CSS variables on :root; values that are not colours are ignored. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [variable, value] of themeDeclarations(theme)) root.style.setProperty(variable, value);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta && isThemeColour(theme.background)) meta.setAttribute('content', theme.background.trim());
}
