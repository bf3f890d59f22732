import { describe, expect, it } from 'vitest';
import { lookUp, type Lookup } from './translate-core.ts';

const base: Lookup = {
  resources: {
    en_us: {
      common: { nav: { home: 'Home' }, hello: 'Hello {{name}}', 'flat.key': 'Flat' },
      earn: { days_one: '{{count}} day', days_other: '{{count}} days', onlyEn: 'English only' },
    },
    de: {
      common: { nav: { home: 'Start' }, hello: 'Hallo {{ name }}' },
      earn: { days_one: '{{count}} Tag', days_other: '{{count}} Tage' },
    },
    jp: { earn: { days_other: '{{count}}日' } },
  },
  languages: ['de', 'en_us'],
  tag: 'de-DE',
  defaultNs: 'common',
  namespaces: new Set(['common', 'earn']),
};

describe('lookUp', () => {
  it('reads nested keys of the default namespace and of a named one', () => {
    expect(lookUp(base, 'nav.home')).toBe('Start');
    expect(lookUp(base, 'common:nav.home')).toBe('Start');
    expect(lookUp(base, 'earn:days', { count: 2 })).toBe('2 Tage');
  });

  it('fills placeholders, with or without spaces, and leaves a missing one visible', () => {
    expect(lookUp(base, 'hello', { name: 'Ana' })).toBe('Hallo Ana');
    expect(lookUp({ ...base, languages: ['en_us'] }, 'hello', { name: 0 })).toBe('Hello 0');
    expect(lookUp(base, 'hello')).toBe('Hallo {{ name }}');
  });

  it("picks the plural form of the language's rules", () => {
    expect(lookUp(base, 'earn:days', { count: 1 })).toBe('1 Tag');
    expect(lookUp(base, 'earn:days', { count: 0 })).toBe('0 Tage');
    const jp: Lookup = { ...base, languages: ['jp', 'en_us'], tag: 'ja-JP' };
    expect(lookUp(jp, 'earn:days', { count: 1 })).toBe('1日');
  });

  it('falls back to the next language, then to the default value, then to the key', () => {
    expect(lookUp(base, 'earn:onlyEn')).toBe('English only');
    expect(lookUp(base, 'earn:none', { defaultValue: 'FILLED' })).toBe('FILLED');
    expect(lookUp(base, 'earn:none.deeper')).toBe('earn:none.deeper');
    expect(lookUp({ ...base, resources: {} }, 'nav.home')).toBe('nav.home');
  });

  it('reads a key with a dot in its name and keeps a colon that names no namespace', () => {
    expect(lookUp({ ...base, languages: ['en_us'] }, 'flat.key')).toBe('Flat');
    expect(lookUp(base, 'at 10:30')).toBe('at 10:30');
  });

  it('does not return an object for a key that names a group', () => {
    expect(lookUp(base, 'nav')).toBe('nav');
  });
});
