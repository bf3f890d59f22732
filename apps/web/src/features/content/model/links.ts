/**
 * Where a banner (or any operator-given) link leads: a screen of this app, another site, or nowhere.
 * The server only stores http(s) and relative links; this still refuses anything else, so a
 * `javascript:` link can never be followed even if one slipped into the data.
 */
export type LinkTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string } | { kind: 'none' };

export function linkTarget(link: string | null | undefined, origin: string): LinkTarget {
  const raw = (link ?? '').trim();
  if (!raw) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin === new URL(origin).origin) return { kind: 'internal', path: url.pathname + url.search + url.hash };
  return { kind: 'external', url: url.toString() };
}
