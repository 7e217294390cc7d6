import { describe, expect, it } from 'vitest';
import { themeDeclarations } from './web-boot';

describe("a merchant's theme as CSS variables", () => {
  it('keeps colours only: a value that could break out of a style is left out', () => {
    expect(
      themeDeclarations({
        primary: ' #1D4ED8 ',
        primaryContrast: 'rgb(255, 255, 255)',
        accent: 'red;}body{display:none',
        background: '#0B1437',
        surface: 'hsl(230deg, 50%, 20%)',
        text: '</style><script>',
        textMuted: '',
      }),
    ).toEqual([
      ['--c-primary', '#1D4ED8'],
      ['--c-primary-contrast', 'rgb(255, 255, 255)'],
      ['--c-bg', '#0B1437'],
      ['--c-surface', 'hsl(230deg, 50%, 20%)'],
    ]);
  });
});
