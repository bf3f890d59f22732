import type { RouteDef, RouteModule } from '../lib/route-def.ts';
import { SPEC_ROUTES } from './route-table.ts';

/**
 * The final route list: every feature route, plus a "coming soon" route for each spec path no
 * feature serves yet. A path declared twice by features is a programming error.
 */
export function mergeRoutes(featureRoutes: readonly RouteDef[], comingSoon: () => Promise<RouteModule>): RouteDef[] {
  const seen = new Set<string>();
  for (const r of featureRoutes) {
    if (seen.has(r.path)) throw new Error(`route ${r.path} is declared twice`);
    seen.add(r.path);
  }
  const placeholders: RouteDef[] = SPEC_ROUTES.filter((s) => !seen.has(s.path)).map((s) => ({
    ...s,
    load: comingSoon,
  }));
  return [...featureRoutes, ...placeholders].sort((a, b) => a.index - b.index);
}

/** A forward move (to a higher index) slides the new screen in from the right; back from the left. */
export type Direction = 'forward' | 'back' | 'none';
export function transitionDirection(fromIndex: number | undefined, toIndex: number | undefined): Direction {
  if (fromIndex === undefined || toIndex === undefined || fromIndex === toIndex) return 'none';
  return toIndex > fromIndex ? 'forward' : 'back';
}
