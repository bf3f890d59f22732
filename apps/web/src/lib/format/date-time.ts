/**
 * Date formats made once per language and options. Building an `Intl.DateTimeFormat` loads the language's calendar
 * data — tens of milliseconds the first time on a phone (apps/web/README.md §Lighthouse) — so lists that re-render
 * with every trade or order keep theirs instead of making one per render.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** `language`: the app's locale ("en_us") or a language tag ("en-US"). */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = language.replace('_', '-');
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formats.set(key, format);
  }
  return format;
}
