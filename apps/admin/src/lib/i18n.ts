import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@tidemark/contract/locales';

/**
 * The console's strings, src/locales/<locale>/admin.json. All eight are bundled (a few kilobytes
 * each; operators switch often); a key missing from a partial locale falls back to en_us.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/admin.json', { eager: true });
const KEY = 'tm.admin.lang';

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

export function currentLocale(): Locale {
  const l = i18next.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}

export async function initI18n(): Promise<void> {
  const resources: Record<string, { admin: Record<string, unknown> }> = {};
  for (const [path, mod] of Object.entries(files)) {
    const locale = /\/locales\/([^/]+)\/admin\.json$/.exec(path)?.[1];
    if (locale) resources[locale] = { admin: mod.default };
  }
  const stored = localStorage.getItem(KEY);
  await i18next.use(initReactI18next).init({
    lng: isLocale(stored) ? stored : DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['admin'],
    defaultNS: 'admin',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(KEY, locale);
  await i18next.changeLanguage(locale);
}

export { LANGUAGE_NAMES } from '@tidemark/contract/locales';
