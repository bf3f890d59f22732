import { describe, expect, it } from 'vitest';
import { ISO_COUNTRY_CODES } from '@tidemark/contract/kyc';
import { countryOptions, filterCountries } from './countries.ts';

describe('countryOptions', () => {
  it('lists every code the server accepts, named in the language', () => {
    const en = countryOptions('en-US');
    expect(en).toHaveLength(ISO_COUNTRY_CODES.size);
    expect(en.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(countryOptions('de-DE').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
  });

  it('sorts by the localized name', () => {
    const names = countryOptions('en-US').map((c) => c.name);
    expect(names.indexOf('Austria')).toBeLessThan(names.indexOf('Belgium'));
  });
});

describe('filterCountries', () => {
  const options = countryOptions('fr-FR');
  it('finds by name without accents and by exact code', () => {
    expect(filterCountries(options, 'etats-unis').map((o) => o.code)).toContain('US');
    expect(filterCountries(options, 'jp').map((o) => o.code)).toEqual(['JP']);
    expect(filterCountries(options, '  ')).toHaveLength(options.length);
  });
});
