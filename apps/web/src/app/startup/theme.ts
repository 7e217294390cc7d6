import type { TSiteSettings } from '@palaro/contract';

type Theme = TSiteSettings['theme'];

const VARIABLES: Record<keyof Theme, string> = {
  primary: '--c-primary',
  primaryContrast: '--c-primary-contrast',
  accent: '--c-accent',
  background: '--c-bg',
  surface: '--c-surface',
  text: '--c-text',
  textMuted: '--c-text-muted',
};

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** Writes the merchant's theme as CSS variables on :root; values that are not colours are ignored. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [key, variable] of Object.entries(VARIABLES) as [keyof Theme, string][]) {
    const value = theme[key]?.trim();
    if (value && COLOUR.test(value)) root.style.setProperty(variable, value);
  }
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta && theme.background && COLOUR.test(theme.background)) meta.setAttribute('content', theme.background);
}
