import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COMPLETE_LOCALES } from '@tidemark/contract/locales';
import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, startupLanguage, type Locale } from './languages.ts';
import { readStored, StorageKey, writeStored } from './storage.ts';

/**
 * i18next over the JSON files src/locales/<locale>/<namespace>.json. Every file any feature adds is
 * found by the glob, so a new namespace needs no change here. Only the chosen language is fetched
 * (the build puts each language's files in one chunk, vite.config.ts), plus en_us when the chosen
 * language is partial (its missing keys fall back to en_us); others load when the user switches.
 */
type Bundle = { default: Record<string, unknown> };
const files = import.meta.glob<Bundle>('../locales/*/*.json');

const FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function filesOf(locale: Locale): { ns: string; load: () => Promise<Bundle> }[] {
  const out: { ns: string; load: () => Promise<Bundle> }[] = [];
  for (const [path, load] of Object.entries(files)) {
    const m = FILE.exec(path);
    if (m && m[1] === locale && m[2]) out.push({ ns: m[2], load });
  }
  return out;
}

/** Every namespace that exists in en_us (the complete reference locale). */
export const NAMESPACES: string[] = [...new Set(filesOf(DEFAULT_LOCALE).map((f) => f.ns))];

const loaded = new Set<Locale>();

async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const bundles = await Promise.all(filesOf(locale).map(async (f) => ({ ns: f.ns, data: (await f.load()).default })));
  for (const b of bundles) i18next.addResourceBundle(locale, b.ns, b.data, true, true);
  loaded.add(locale);
}

function applyDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[locale];
}

export async function initI18n(): Promise<Locale> {
  const lng = startupLanguage(readStored(StorageKey.LANG));
  writeStored(StorageKey.LANG, lng);
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: {},
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  await loadWithFallback(lng);
  applyDocumentLanguage(lng);
  return lng;
}

/** A complete locale needs no fallback texts; a partial one (tr) needs en_us beside it. */
function loadWithFallback(locale: Locale): Promise<unknown> {
  const complete = COMPLETE_LOCALES.includes(locale);
  return Promise.all([loadLocale(locale), complete ? undefined : loadLocale(DEFAULT_LOCALE)]);
}

/** Switches the interface language and keeps the choice in LANG. */
export async function changeLanguage(locale: Locale): Promise<void> {
  await loadWithFallback(locale);
  await i18next.changeLanguage(locale);
  writeStored(StorageKey.LANG, locale);
  applyDocumentLanguage(locale);
}

/** The language in use now (what the `locale` header of every API call says). */
export function currentLocale(): Locale {
  const l = i18next.language;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : DEFAULT_LOCALE;
}

/** Translation outside React (API client, toasts). Components use `useTranslation`. */
export const translate = (key: string, options: Record<string, unknown> = {}): string => i18next.t(key, options);

export { i18next };
