/**
 * The routes a router is created with: only those that can match the opened path. React Router ranks and compiles
 * every route it is given in the task that creates it (about seventy screens here, one of the longest start-up
 * tasks in the traces, apps/web/README.md §Lighthouse); the others are handed to it at the first move to another
 * screen (its `patchRoutesOnNavigation`).
 *
 * A route whose first path segment is fixed can only match a path with that same first segment (React Router
 * compares without regard to case), so the split needs no matching: the opened path's first segment picks the
 * routes. Routes that start with a parameter or a splat (`*`) are always kept.
 */

/** '/coinDetail/1' → 'coindetail'; '/' → ''. */
export function firstSegment(path: string): string {
  return (path.split('/')[1] ?? '').toLowerCase();
}

function alwaysKept(path: string): boolean {
  const first = path.replace(/^\//, '').split('/')[0]!;
  return first.startsWith(':') || first.startsWith('*');
}

/** `now`: the routes the opened path may match; `later`: the rest, in their order. */
export function splitForStart<T extends { path: string }>(
  routes: readonly T[],
  openedPath: string,
): { now: T[]; later: T[] } {
  const opened = firstSegment(openedPath);
  const now: T[] = [];
  const later: T[] = [];
  for (const r of routes) (alwaysKept(r.path) || firstSegment(r.path) === opened ? now : later).push(r);
  return { now, later };
}

/** Whether a move to `path` can need a route that was left for later (its first segment is another one). */
export function needsLaterRoutes(openedPath: string, path: string): boolean {
  return firstSegment(path) !== firstSegment(openedPath);
}
