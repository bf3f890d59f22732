import { LOCALE_TAGS } from '@tidemark/contract/locales';
import { groupThousands } from '../../../lib/format/decimal.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** An amount as the server sent it (exact decimal string), grouped for reading. */
export const showAmount = (value: string): string => groupThousands(value);

/** A date and time in the user's language and time zone. */
export function showTime(ms: number): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[currentLocale()] ?? 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}
