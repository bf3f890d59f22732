import { ISO_COUNTRY_CODES } from '@tidemark/contract/kyc-codes';

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * The countries the server accepts (ISO 3166-1 alpha-2), named in the reader's language by the
 * browser's own Intl data and sorted as that language sorts. A code the browser cannot name is
 * shown as the code itself.
 */
export function countryOptions(languageTag: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([languageTag, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(languageTag);
  return [...ISO_COUNTRY_CODES]
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Options whose name or code contains the query (case- and accent-insensitive). */
export function filterCountries(options: CountryOption[], query: string): CountryOption[] {
  const q = fold(query.trim());
  if (!q) return options;
  return options.filter((o) => fold(o.name).includes(q) || o.code.toLowerCase() === q);
}

function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
