import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ON_DEMAND_NAMESPACES } from '../lib/on-demand-texts.ts';
import type { FeatureRoute } from '../lib/route-def.ts';
import { resolveRoute } from './merge-routes.ts';

// Texts of an on-demand namespace reach a screen only when its route lists the namespace in `texts`; a screen
// that draws them without listing them shows bare keys on a first visit. This reads each route's screen module
// and everything it imports from our sources (statically or lazily: a panel opened on the screen counts) and
// compares the namespaces the code names with the route's list.
const src = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(src, '../../..');
const featureRoutes = import.meta.glob<Record<string, unknown>>('../features/*/routes.ts', { eager: true });

const IMPORT =
  /(?:^|\n)\s*import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
/** Namespaces a module fetches itself (`loadTexts(['futures'])`) for the parts it loads lazily. */
const fetchedIn = (code: string): Set<string> =>
  new Set(
    [...code.matchAll(/loadTexts\(\s*\[([^\]]*)\]/g)].flatMap((m) =>
      [...m[1]!.matchAll(/['"]([a-z]+)['"]/g)].map((n) => n[1]!),
    ),
  );
const namespacesIn = (code: string): Set<string> => {
  const found = new Set<string>();
  for (const m of code.matchAll(/useTranslation\(\s*['"]([a-z]+)['"]|['"`]([a-z]+):[A-Za-z]/g))
    found.add(m[1] ?? m[2]!);
  return found;
};

function namespacesOfScreen(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !/\.tsx?$/.test(file) || !fs.existsSync(file)) return new Set();
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  const found = namespacesIn(code);
  const fetched = fetchedIn(code);
  for (const m of code.matchAll(IMPORT)) {
    const lazilyLoaded = m[2] !== undefined;
    for (const ns of namespacesOfScreen(path.resolve(path.dirname(file), (m[1] ?? m[2])!), seen)) {
      if (!(lazilyLoaded && fetched.has(ns))) found.add(ns);
    }
  }
  return found;
}

const routes = Object.entries(featureRoutes).flatMap(([routesFile, mod]) =>
  Object.values(mod)
    .filter((v): v is FeatureRoute[] => Array.isArray(v))
    .flat()
    .map(resolveRoute)
    .map((def) => {
      // `() => import('./pages/X.tsx')`, which Vitest has rewritten to a path from its root (the repository's
      // or the web app's, after where it runs)
      const target = /['"]((?:\.{1,2})?\/[^'"]+\.tsx?)['"]/.exec(String(def.load))?.[1];
      if (!target) throw new Error(`${def.path}: cannot read the screen module of its load()`);
      const screen = target.startsWith('/')
        ? [repoRoot, path.dirname(src)].map((root) => path.join(root, target)).find((f) => fs.existsSync(f))
        : path.resolve(src, path.dirname(routesFile), target);
      if (!screen) throw new Error(`${def.path}: ${target} not found`);
      return { def, screen };
    }),
);

describe('on-demand texts of each route', () => {
  it('finds the routes and their screens', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(fs.existsSync(r.screen), r.screen).toBe(true);
  });

  it.each(routes.map((r) => [r.def.path, r] as const))('%s lists every on-demand namespace it draws', (_, r) => {
    const drawn = [...namespacesOfScreen(r.screen)].filter((ns) => ON_DEMAND_NAMESPACES.includes(ns));
    const missing = drawn.filter((ns) => !r.def.texts?.includes(ns));
    expect(missing).toEqual([]);
    // the nav title is drawn from the route's texts too
    const titleNs = r.def.titleKey.split(':')[0]!;
    if (ON_DEMAND_NAMESPACES.includes(titleNs)) expect(r.def.texts).toContain(titleNs);
  });

  it('lists only on-demand namespaces', () => {
    for (const r of routes) for (const ns of r.def.texts ?? []) expect(ON_DEMAND_NAMESPACES).toContain(ns);
  });
});
