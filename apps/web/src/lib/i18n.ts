import { COMPLETE_LOCALES } from '@tidemark/contract/locales';
import { DEFAULT_LOCALE, LANGUAGE_TAGS, startupLanguage, type Locale } from './languages.ts';
import { readStored, StorageKey, writeStored } from './storage.ts';
import { ON_DEMAND_NAMESPACES } from './on-demand-texts.ts';
import { lookUp, type Lookup, type Resources, type TOptions, type Tree } from './translate-core.ts';

/**
 * The app's texts: the JSON files src/locales/<locale>/<namespace>.json, looked up by
 * translate-core.ts. Every file any feature adds is found by the glob, so a new namespace needs no
 * change here. Only the chosen language is fetched (the build puts each language's files in one chunk,
 * vite.config.ts), plus en_us when the chosen language is partial (its missing keys fall back to en_us);
 * others load when the user switches. Screens read texts with `useTranslation` (use-translation.ts).
 */
type Bundle = { default: Tree };
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

const resources: Resources = {};
/** Languages whose start-up files are in `resources` (texts a screen adds may put a language there earlier). */
const loaded = new Set<Locale>();
let lookup: Lookup = lookupFor(DEFAULT_LOCALE);
const listeners = new Set<() => void>();

function lookupFor(locale: Locale): Lookup {
  const complete = COMPLETE_LOCALES.includes(locale);
  return {
    resources,
    languages: complete ? [locale] : [locale, DEFAULT_LOCALE],
    tag: LANGUAGE_TAGS[locale],
    defaultNs: 'common',
    namespaces: new Set(NAMESPACES),
  };
}

/** On-demand namespaces some screen asked for: fetched again with any language chosen later. */
const requested = new Set<string>();

async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const wanted = filesOf(locale).filter((f) => !ON_DEMAND_NAMESPACES.includes(f.ns) || requested.has(f.ns));
  const bundles = await Promise.all(wanted.map(async (f) => ({ ns: f.ns, data: (await f.load()).default })));
  const added = resources[locale] ?? {};
  resources[locale] = Object.fromEntries(bundles.map((b) => [b.ns, merge(b.data, added[b.ns] ?? {})]));
  for (const [ns, tree] of Object.entries(added)) resources[locale][ns] ??= tree;
  loaded.add(locale);
}

function merge(into: Tree, from: Tree): Tree {
  const out: Tree = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const at = out[k];
    out[k] = typeof v === 'object' && typeof at === 'object' ? merge(at, v) : v;
  }
  return out;
}

/** Fetches on-demand namespaces (lib/on-demand-texts.ts) in the language in use and its fallback. */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  const missing = namespaces.filter((ns) => !requested.has(ns));
  if (!missing.length) return;
  for (const ns of missing) requested.add(ns);
  await Promise.all(
    lookup.languages.map(async (l) => {
      const files = filesOf(l as Locale).filter((f) => missing.includes(f.ns));
      for (const f of files) addTexts(l as Locale, f.ns, (await f.load()).default);
    }),
  );
}

/**
 * Adds texts a screen loads with itself (kept out of the start-up files to keep first loads small),
 * merged into `ns` of `locale`; screens re-render as on a language change.
 */
export function addTexts(locale: Locale, ns: string, tree: Tree): void {
  const bundle = (resources[locale] ??= {});
  bundle[ns] = merge(bundle[ns] ?? {}, tree);
  for (const listener of listeners) listener();
}

function switchTo(locale: Locale): void {
  lookup = lookupFor(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[locale];
  for (const listener of listeners) listener();
}

/** A complete locale needs no fallback texts; a partial one (tr) needs en_us beside it. */
function loadWithFallback(locale: Locale): Promise<unknown> {
  const complete = COMPLETE_LOCALES.includes(locale);
  return Promise.all([loadLocale(locale), complete ? undefined : loadLocale(DEFAULT_LOCALE)]);
}

export async function initI18n(): Promise<Locale> {
  const lng = startupLanguage(readStored(StorageKey.LANG));
  writeStored(StorageKey.LANG, lng);
  await loadWithFallback(lng);
  switchTo(lng);
  return lng;
}

/** Switches the interface language and keeps the choice in LANG. */
export async function changeLanguage(locale: Locale): Promise<void> {
  await loadWithFallback(locale);
  writeStored(StorageKey.LANG, locale);
  switchTo(locale);
}

/** The language in use now (what the `locale` header of every API call says). */
export function currentLocale(): Locale {
  return lookup.languages[0] as Locale;
}

/** Translation outside React (API client, toasts). Components use `useTranslation`. */
export const translate = (key: string, options?: TOptions): string => lookUp(lookup, key, options);

/** Translation with `ns` as the namespace of keys that name none (what `useTranslation(ns)` gives). */
export function translateIn(ns: string, key: string, options?: TOptions): string {
  return lookUp(ns === lookup.defaultNs ? lookup : { ...lookup, defaultNs: ns }, key, options);
}

/** Calls `listener` whenever the language changes (for useSyncExternalStore). */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
