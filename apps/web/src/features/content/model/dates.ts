import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';

/** A publication time as the reader's language writes dates (epoch ms in, e.g. "Mar 4, 2026, 09:30"). */
export function formatDateTime(ms: number, locale: string): string {
  const tag = isLocale(locale) ? LANGUAGE_TAGS[locale] : 'en-US';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export function formatDate(ms: number, locale: string): string {
  const tag = isLocale(locale) ? LANGUAGE_TAGS[locale] : 'en-US';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(ms);
}
