/** The interface languages (DESIGN.md §8). `tr` is partial: a missing key falls back to `en_us`. */
export const LOCALES = ['en_us', 'zh_hk', 'zh_cn', 'de', 'fr', 'jp', 'kr', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_us';
/** Locales that must carry every key; a test fails when one lacks a key of `en_us`. */
export const COMPLETE_LOCALES: readonly Locale[] = ['en_us', 'zh_hk', 'zh_cn', 'de', 'fr', 'jp', 'kr'];

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en_us: 'English',
  zh_hk: '繁體中文',
  zh_cn: '简体中文',
  de: 'Deutsch',
  fr: 'Français',
  jp: '日本語',
  kr: '한국어',
  tr: 'Türkçe',
};

/** The BCP 47 tag of each locale, for <html lang> and Intl formatting. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en_us: 'en-US',
  zh_hk: 'zh-HK',
  zh_cn: 'zh-CN',
  de: 'de-DE',
  fr: 'fr-FR',
  jp: 'ja-JP',
  kr: 'ko-KR',
  tr: 'tr-TR',
};

/** Reads a requested locale: unknown values and the legacy `zh` become the default. */
export function normalizeLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const v = value.trim().toLowerCase().replace('-', '_');
  return (LOCALES as readonly string[]).includes(v) ? (v as Locale) : DEFAULT_LOCALE;
}
