/**
 * Navigation for code outside React components (the API client sends an expired session to
 * /login). The router registers its navigate function at start-up; before that, a full page load.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;

export function registerNavigator(fn: Navigate): void {
  navigateFn = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, opts);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
