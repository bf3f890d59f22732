/**
 * The operator's session token, kept per browser tab (sessionStorage): closing the tab signs the
 * console out locally, and the server's own expiry and revocation decide the rest.
 */
const KEY = 'tm.admin.token';

export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function writeToken(token: string | null): void {
  if (token) sessionStorage.setItem(KEY, token);
  else sessionStorage.removeItem(KEY);
}
