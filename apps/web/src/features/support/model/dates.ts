import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';

/** A message or ticket time in the reader's language (epoch ms in). */
export function formatDateTime(ms: number, locale: string): string {
  const tag = isLocale(locale) ? LANGUAGE_TAGS[locale] : 'en-US';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** Today's messages show the time only. */
export function formatChatTime(ms: number, locale: string, now: number = Date.now()): string {
  const tag = isLocale(locale) ? LANGUAGE_TAGS[locale] : 'en-US';
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(
    tag,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(ms);
}
