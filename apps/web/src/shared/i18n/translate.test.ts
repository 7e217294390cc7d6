import { describe, expect, it } from 'vitest';
import { createI18n, translate } from './index';
import { en } from './en';
import { ty } from './ty';

describe('texts by key', () => {
  it('speaks the language asked for, and fills placeholders with their values', () => {
    expect(translate('TY', 'mine_joined', { count: 3 })).toBe(ty.mine_joined.replace('{{count}}', '3'));
    expect(translate('EN', 'home_welcome', { name: 'Palaro' })).toBe(en.home_welcome.replace('{{name}}', 'Palaro'));
  });

  it('leaves out a placeholder given no value, and returns a text without placeholders as it is', () => {
    expect(translate('EN', 'mine_joined')).toBe(en.mine_joined);
    expect(translate('EN', 'mine_joined', {})).toBe(en.mine_joined.replace('{{count}}', ''));
  });

  it('shows an unknown key as the key, never an inherited property', () => {
    expect(translate('TY', 'no_such_text')).toBe('no_such_text');
    expect(translate('TY', 'constructor')).toBe('constructor');
    expect(createI18n('TY').exists('toString')).toBe(false);
    expect(createI18n('TY').exists('mine_joined')).toBe(true);
  });

  it('switches language for every text that follows', () => {
    const i18n = createI18n('TY');
    expect(i18n.t('retry')).toBe(ty.retry);
    i18n.changeLanguage('EN');
    expect(i18n.language).toBe('EN');
    expect(i18n.t('retry')).toBe(en.retry);
  });
});
