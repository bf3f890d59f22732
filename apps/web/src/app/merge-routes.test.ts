import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeRoutes, resolveRoute, transitionDirection } from './merge-routes.ts';
import { SPEC_ROUTES, TAB_PATHS } from './route-table.ts';
import type { FeatureRoute } from '../lib/route-def.ts';

const comingSoon = async () => ({ default: () => null });

describe('route table', () => {
  it('declares every spec route once with a unique ordering index', () => {
    const paths = SPEC_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(SPEC_ROUTES.map((r) => r.index)).size).toBe(SPEC_ROUTES.length);
    for (const p of [
      '/home',
      '/property/coinRecord',
      '/lockMining',
      '/allRecord/:coinType',
      '/mine/identityNew',
      '/coinDetail/:coinType',
      '/download',
    ]) {
      expect(paths).toContain(p);
    }
  });
  it('puts the tabs first, in the spec order', () => {
    const tabs = SPEC_ROUTES.filter((r) => r.tab && (TAB_PATHS as readonly string[]).includes(r.path));
    expect(tabs.map((t) => t.path)).toEqual([...TAB_PATHS]);
    expect(tabs.map((t) => t.index)).toEqual([1, 2, 3, 4, 5]);
  });
  it('has an English nav title for every route', () => {
    for (const r of SPEC_ROUTES) {
      const [ns = '', key = ''] = r.titleKey.split(':');
      const file = path.resolve(import.meta.dirname, `../locales/en_us/${ns}.json`);
      let node: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      expect(typeof node, r.titleKey).toBe('string');
    }
  });
  it('guards the identity entry routes', () => {
    const guarded = SPEC_ROUTES.filter((r) => r.guard === 'auth').map((r) => r.path);
    expect(guarded.sort()).toEqual(['/mine/identity', '/mine/identityNew']);
  });
});

describe('mergeRoutes', () => {
  it('lets a feature replace a placeholder, with the index and title of the spec table, and keeps the rest', () => {
    const login = async () => ({ default: () => null });
    const merged = mergeRoutes([{ path: '/login', load: login }], comingSoon);
    expect(merged.filter((r) => r.path === '/login')).toEqual([
      { path: '/login', index: 70, titleKey: 'common:nav.login', load: login },
    ]);
    expect(merged).toHaveLength(SPEC_ROUTES.length);
  });
  it("keeps the spec table's guard and adds a feature's own", () => {
    const merged = mergeRoutes(
      [
        { path: '/mine/identity', load: comingSoon },
        { path: '/stopPl', guard: 'auth', load: comingSoon },
      ],
      comingSoon,
    );
    expect(merged.find((r) => r.path === '/mine/identity')?.guard).toBe('auth');
    expect(merged.find((r) => r.path === '/stopPl')?.guard).toBe('auth');
  });
  it('takes the index and title of a path outside the spec table from the feature', () => {
    const r: FeatureRoute = { path: '/x', index: 99, titleKey: 'k', load: comingSoon };
    expect(mergeRoutes([r], comingSoon).find((d) => d.path === '/x')).toEqual(r);
  });
  it('refuses a path declared twice', () => {
    const r: FeatureRoute = { path: '/x', index: 99, titleKey: 'k', load: comingSoon };
    expect(() => mergeRoutes([r, r], comingSoon)).toThrow(/twice/);
  });
  it('refuses a spec path that restates its title, and a path outside the table without one', () => {
    expect(() => resolveRoute({ path: '/login', titleKey: 'common:nav.login', load: comingSoon })).toThrow(/restates/);
    expect(() => resolveRoute({ path: '/x', index: 99, load: comingSoon })).toThrow(/no index or title/);
  });
});

describe('transitionDirection', () => {
  it('slides forward to a higher index and back to a lower one', () => {
    expect(transitionDirection(1, 40)).toBe('forward');
    expect(transitionDirection(40, 1)).toBe('back');
    expect(transitionDirection(3, 3)).toBe('none');
    expect(transitionDirection(undefined, 3)).toBe('none');
  });
});
