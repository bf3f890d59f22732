/**
 * The arithmetic of `npm run size` (scripts/web-size.mjs), apart from reading files: which built files a
 * route's first visit loads, according to Vite's manifest, and which routes are over their budget.
 */

import { ON_DEMAND_NAMESPACES } from '../apps/web/src/lib/on-demand-texts.ts';

/** One chunk of Vite's dist/.vite/manifest.json (the fields used here). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  /** KB of gzip JavaScript a first visit to the route may download. */
  firstLoad: Record<string, number>;
  /** KB of gzip JavaScript any screen may add on top of the entry. */
  routeChunk: number;
  /** Screens still allowed more than `routeChunk` (KB), until they are brought under it. */
  routeChunkOver?: Record<string, number>;
  /** The language whose texts load before the first render. */
  startupLocale: string;
}

export interface RouteSize {
  path: string;
  /** KB the screen adds on top of the entry. */
  own: number;
  /** KB of entry, start-up texts and screen together. */
  firstLoad: number;
  files: number;
}

/** The files a manifest chunk loads with it: itself and its static imports, transitively. */
export function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, into);
  return into;
}

/** The entry chunk's files (index.html's script and what it imports). */
export function entryFiles(manifest: Manifest): Set<string> {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('the manifest has no entry chunk');
  return closure(manifest, key);
}

/**
 * The start-up language's texts: the chunk named after the locale (vite.config.ts groups a language's
 * files into one), or its single `src/locales/<locale>/<ns>.json` chunks when they are not grouped —
 * without the namespaces fetched with their screens (apps/web/src/lib/on-demand-texts.ts).
 */
export function startupTextFiles(manifest: Manifest, locale: string): Set<string> {
  const texts = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const file = /^src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(key);
    const startup = file?.[1] === locale && !ON_DEMAND_NAMESPACES.includes(file[2]!);
    if (chunk.name === locale || startup) closure(manifest, key, texts);
  }
  if (!texts.size) throw new Error(`no chunk of the start-up language ${locale} in the build`);
  return texts;
}

/**
 * The texts a screen fetches with its code (its RouteDef's `texts`, namespaces of
 * apps/web/src/lib/on-demand-texts.ts) in `locale`: each namespace's chunk (named `<locale>-<ns>` by
 * vite.config.ts, or the single `src/locales/<locale>/<ns>.json` when not grouped) and its imports.
 * A namespace missing from the build is an error (the screen would show bare keys).
 */
export function screenTextFiles(manifest: Manifest, locale: string, namespaces: readonly string[]): Set<string> {
  const files = new Set<string>();
  for (const ns of namespaces) {
    const single = `src/locales/${locale}/${ns}.json`;
    const key = manifest[single] ? single : Object.keys(manifest).find((k) => manifest[k]?.name === `${locale}-${ns}`);
    if (!key) throw new Error(`no chunk of the texts ${ns} (${locale}) in the build`);
    closure(manifest, key, files);
  }
  return files;
}

/**
 * Sizes of each route (its screen module's manifest key and the on-demand text namespaces it fetches
 * with it) in KB, given each file's gzip bytes. The texts count toward both the first load and "own".
 */
export function routeSizes(
  manifest: Manifest,
  routes: Array<{ path: string; key: string; texts?: readonly string[] }>,
  locale: string,
  gzipBytes: (file: string) => number,
): { entry: number; texts: number; rows: RouteSize[] } {
  const kb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipBytes(f), 0) / 1024;
  const entry = entryFiles(manifest);
  const texts = startupTextFiles(manifest, locale);
  const rows = routes.map((r) => {
    if (!manifest[r.key]) throw new Error(`${r.path}: ${r.key} is not in the build manifest`);
    const screen = closure(manifest, r.key, screenTextFiles(manifest, locale, r.texts ?? []));
    const own = [...screen].filter((f) => !entry.has(f) && !texts.has(f));
    const firstLoad = new Set([...entry, ...texts, ...own]);
    return { path: r.path, own: kb(own), firstLoad: kb(firstLoad), files: firstLoad.size };
  });
  return { entry: kb(entry), texts: kb([...texts].filter((f) => !entry.has(f))), rows };
}

/** The KB of own chunks `path` may add on top of the entry: its exception, else the rule for every screen. */
export function routeChunkLimit(budget: Budget, path: string): number {
  return budget.routeChunkOver?.[path] ?? budget.routeChunk;
}

/** What is over budget, one line each; empty when every route is within. */
export function budgetFailures(rows: RouteSize[], budget: Budget): string[] {
  const failures: string[] = [];
  for (const row of rows) {
    const ownLimit = routeChunkLimit(budget, row.path);
    if (row.own > ownLimit) {
      failures.push(`${row.path}: its own chunks ${row.own.toFixed(1)} KB > ${ownLimit} KB`);
    }
    const limit = budget.firstLoad[row.path];
    if (limit !== undefined && row.firstLoad > limit) {
      failures.push(`${row.path}: first load ${row.firstLoad.toFixed(1)} KB > ${limit} KB`);
    }
  }
  for (const path of [...Object.keys(budget.firstLoad), ...Object.keys(budget.routeChunkOver ?? {})]) {
    if (!rows.some((r) => r.path === path)) failures.push(`${path}: in size-budget.json but no feature serves it`);
  }
  return failures;
}
