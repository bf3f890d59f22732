import { groupThousands } from '../../../lib/format/decimal.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** An amount as the server sent it (exact decimal string), grouped for reading. */
export const showAmount = (value: string): string => groupThousands(value);

const LANG: Record<string, string> = {
  en_us: 'en-US',
  zh_hk: 'zh-HK',
  zh_cn: 'zh-CN',
  de: 'de-DE',
  fr: 'fr-FR',
  jp: 'ja-JP',
  kr: 'ko-KR',
  tr: 'tr-TR',
};

/** A date and time in the user's language and time zone. */
export function showTime(ms: number): string {
  return new Intl.DateTimeFormat(LANG[currentLocale()] ?? 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    ms,
  );
}
