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
let lookup: Lookup = lookupFor(DEFAULT_LOCALE);
const listeners = new Set<() => void>();
/** Screens re-render: the texts or the language changed. */
const notify = () => {
  for (const listener of listeners) listener();
};

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
/**
 * The languages a switch in progress is loading. A screen that asks for its texts meanwhile gets them in these
 * too: the switch chose its files before the screen asked.
 */
let switching: readonly Locale[] = [];
/** Each language file's fetch, once (a failed one is tried again next time), by "<locale>/<namespace>". */
const fileLoads = new Map<string, Promise<void>>();

function loadFile(locale: Locale, file: { ns: string; load: () => Promise<Bundle> }): Promise<void> {
  const key = `${locale}/${file.ns}`;
  let loading = fileLoads.get(key);
  if (!loading) {
    loading = file.load().then((b) => {
      const bundle = (resources[locale] ??= {});
      // texts a screen added itself (addTexts) keep precedence over the file's
      bundle[file.ns] = merge(b.default, bundle[file.ns] ?? {});
    });
    fileLoads.set(key, loading);
    loading.catch(() => fileLoads.delete(key));
  }
  return loading;
}

/**
 * The files of `locale` a screen may draw from now: its start-up namespaces and every on-demand one asked for so
 * far (also when the language was loaded before a screen asked for more).
 */
async function loadLocale(locale: Locale): Promise<void> {
  const wanted = filesOf(locale).filter((f) => !ON_DEMAND_NAMESPACES.includes(f.ns) || requested.has(f.ns));
  await Promise.all(wanted.map((f) => loadFile(locale, f)));
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
  const languages = new Set([...(lookup.languages as Locale[]), ...switching]);
  await Promise.all(
    [...languages].flatMap((l) =>
      filesOf(l)
        .filter((f) => missing.includes(f.ns))
        .map((f) => loadFile(l, f)),
    ),
  );
  notify();
}

/**
 * Adds texts a screen loads with itself (kept out of the start-up files to keep first loads small),
 * merged into `ns` of `locale`; screens re-render as on a language change.
 */
export function addTexts(locale: Locale, ns: string, tree: Tree): void {
  const bundle = (resources[locale] ??= {});
  bundle[ns] = merge(bundle[ns] ?? {}, tree);
  notify();
}

function switchTo(locale: Locale): void {
  lookup = lookupFor(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[locale];
  notify();
}

/**
 * Loads `locale` (a complete locale needs no fallback texts; a partial one, tr, needs en_us beside it) and then
 * switches to it; screens asking for texts until the switch get them in these languages too. False when a later
 * switch was asked for before this one's files arrived.
 */
async function loadAndSwitch(locale: Locale): Promise<boolean> {
  const languages = COMPLETE_LOCALES.includes(locale) ? [locale] : [locale, DEFAULT_LOCALE];
  switching = languages;
  try {
    await Promise.all(languages.map(loadLocale));
    // a later switch asked for meanwhile has the last word
    if (switching !== languages) return false;
    switchTo(locale);
    return true;
  } finally {
    if (switching === languages) switching = [];
  }
}

export async function initI18n(): Promise<Locale> {
  const lng = startupLanguage(readStored(StorageKey.LANG));
  writeStored(StorageKey.LANG, lng);
  await loadAndSwitch(lng);
  return lng;
}

/** Switches the interface language and keeps the choice in LANG. */
export async function changeLanguage(locale: Locale): Promise<void> {
  if (await loadAndSwitch(locale)) writeStored(StorageKey.LANG, locale);
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
