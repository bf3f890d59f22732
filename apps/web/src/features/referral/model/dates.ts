import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';

/** A date as the reader's language writes it (epoch ms in). */
export function formatDate(ms: number, locale: string): string {
  const tag = isLocale(locale) ? LANGUAGE_TAGS[locale] : 'en-US';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(ms);
}

export function formatDateTime(ms: number, locale: string): string {
  const tag = isLocale(locale) ? LANGUAGE_TAGS[locale] : 'en-US';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}
