import { DEFAULT_LOCALE, LANGUAGE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '@tidemark/contract/locales';

export { DEFAULT_LOCALE, LANGUAGE_NAMES, LOCALES, type Locale };

/** BCP 47 tags for <html lang> and Intl formatting. */
export const LANGUAGE_TAGS = LOCALE_TAGS;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language to start in, from what LANG holds. The legacy default `zh` (spec §1) and anything
 * unknown become en_us; the caller writes the result back so the rewrite happens once.
 */
export function startupLanguage(stored: string | null): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}
