import { describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE, htmlAttributes, parseAppearance, resolvedTheme } from './appearance.ts';

describe('appearance', () => {
  it('follows the system only when the user chose "system"', () => {
    expect(resolvedTheme('system', true)).toBe('dark');
    expect(resolvedTheme('system', false)).toBe('light');
    expect(resolvedTheme('light', true)).toBe('light');
    expect(resolvedTheme('dark', false)).toBe('dark');
  });

  it('reads what was stored and falls back per field on anything else', () => {
    expect(parseAppearance('{"theme":"dark","colors":"red-up"}')).toEqual({ theme: 'dark', colors: 'red-up' });
    expect(parseAppearance('{"theme":"dark","colors":"blue-up"}')).toEqual({ theme: 'dark', colors: 'green-up' });
    expect(parseAppearance('{"theme":"sepia"}')).toEqual({ theme: 'system', colors: 'green-up' });
    expect(parseAppearance('not json')).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance('null')).toEqual(DEFAULT_APPEARANCE);
    expect(parseAppearance(null)).toEqual(DEFAULT_APPEARANCE);
  });

  it('puts the resolved theme and the convention on the page for both style sheets', () => {
    expect(htmlAttributes({ theme: 'system', colors: 'red-up' }, true)).toEqual({
      'data-theme': 'dark',
      'data-prefers-color-scheme': 'dark',
      'data-colors': 'red-up',
    });
    expect(htmlAttributes({ theme: 'light', colors: 'green-up' }, true)['data-theme']).toBe('light');
  });
});
