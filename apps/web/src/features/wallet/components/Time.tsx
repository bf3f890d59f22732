import { useTranslation } from '../../../lib/use-translation.ts';
import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';

/** An epoch-ms time in the user's language (date and minutes). */
export function Time(props: { at: number }) {
  const { i18n } = useTranslation();
  const tag = isLocale(i18n.language) ? LANGUAGE_TAGS[i18n.language] : 'en-US';
  const date = new Date(props.at);
  return (
    <time dateTime={date.toISOString()}>
      {new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' }).format(date)}
    </time>
  );
}
