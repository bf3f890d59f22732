import type { FeatureRoute, RouteDef, RouteModule } from '../lib/route-def.ts';
import { SPEC_ROUTES, specRoute } from './route-table.ts';

/**
 * A feature's route completed from the spec table. A spec path may not restate the table's index or title (two
 * places to keep in step); a path outside the table has to give both.
 */
export function resolveRoute(route: FeatureRoute): RouteDef {
  const spec = specRoute(route.path);
  if (spec && (route.index !== undefined || route.titleKey !== undefined)) {
    throw new Error(`route ${route.path} restates the spec table's index or title`);
  }
  const { index, titleKey, ...rest } = { ...spec, ...route };
  if (index === undefined || titleKey === undefined) {
    throw new Error(`route ${route.path} is not in the spec table and gives no index or title`);
  }
  return { ...rest, index, titleKey };
}

/**
 * The final route list: every feature route, plus a "coming soon" route for each spec path no
 * feature serves yet. A path declared twice by features is a programming error.
 */
export function mergeRoutes(
  featureRoutes: readonly FeatureRoute[],
  comingSoon: () => Promise<RouteModule>,
): RouteDef[] {
  const seen = new Set<string>();
  for (const r of featureRoutes) {
    if (seen.has(r.path)) throw new Error(`route ${r.path} is declared twice`);
    seen.add(r.path);
  }
  const placeholders: RouteDef[] = SPEC_ROUTES.filter((s) => !seen.has(s.path)).map((s) => ({
    ...s,
    load: comingSoon,
  }));
  return [...featureRoutes.map(resolveRoute), ...placeholders].sort((a, b) => a.index - b.index);
}

/** A forward move (to a higher index) slides the new screen in from the right; back from the left. */
export type Direction = 'forward' | 'back' | 'none';
export function transitionDirection(fromIndex: number | undefined, toIndex: number | undefined): Direction {
  if (fromIndex === undefined || toIndex === undefined || fromIndex === toIndex) return 'none';
  return toIndex > fromIndex ? 'forward' : 'back';
}
