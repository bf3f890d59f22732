import type { ComponentType } from 'react';

/** What a lazily loaded screen module exports. */
export interface RouteModule {
  default: ComponentType;
}

/**
 * One screen of the app, as the router uses it.
 * - `path`: the React Router path (`/coinDetail/:coinType`).
 * - `index`: the ordering index (spec §2): going to a higher index slides left, to a lower one
 *   slides right.
 * - `titleKey`: the i18n key of the nav title, with its namespace (`common:nav.login`).
 * - `load`: `() => import('./pages/LoginPage.tsx')`; loaded on first visit (120 s timeout).
 * - `guard: 'auth'`: without a TOKEN the router sends the user to /login.
 * - `tab`: render inside the tab layout (bottom tab bar, no back arrow).
 * - `hideNav`: no nav bar (the screen draws its own header).
 * - `texts`: namespaces of lib/on-demand-texts.ts the screen needs, fetched with its code.
 */
export interface RouteDef {
  path: string;
  index: number;
  titleKey: string;
  load: () => Promise<RouteModule>;
  guard?: 'auth';
  tab?: boolean;
  hideNav?: boolean;
  texts?: readonly string[];
}

/**
 * A screen as a feature declares it in src/features/<f>/routes.ts. A path of the spec table (app/route-table.ts)
 * takes its index, title, guard and tab from there, so the feature gives only what the table does not (`load`,
 * `texts`, `hideNav`, an extra `guard`); a path outside the table gives its own `index` and `titleKey`.
 */
export type FeatureRoute = Omit<RouteDef, 'index' | 'titleKey'> & Partial<Pick<RouteDef, 'index' | 'titleKey'>>;

/** What a matched route carries in its `handle`, for the layouts, nav bar and transitions. */
export interface RouteHandle {
  def: RouteDef;
}
