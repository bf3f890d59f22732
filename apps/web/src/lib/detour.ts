import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/**
 * Prerequisite detours. A money form that needs something first (identity, a bound phone) sends the
 * user there with `?returnTo=<the form>` and keeps what was typed as a draft; the prerequisite page,
 * once done, goes back to `returnTo`, and the form starts from its draft. The return address rides in
 * the URL, so it survives a reload and chains (form → identity → bind phone → identity → form).
 *
 * Drafts live in sessionStorage (this tab only, gone when it closes) and hold plain fields alone:
 * never a password or a verification code.
 */
const PARAM = 'returnTo';
const DRAFT_PREFIX = 'tm.draft:';

export type Draft = Record<string, string>;

/** A return address this app may follow: a path on this site, never another origin. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** `to` with a return address added to its query. */
export function withReturnTo(to: string, returnTo: string): string {
  const [path, hash] = to.split('#', 2) as [string, string | undefined];
  const joined = `${path}${path.includes('?') ? '&' : '?'}${PARAM}=${encodeURIComponent(returnTo)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(place: string, draft: Draft): void {
  try {
    session()?.setItem(DRAFT_PREFIX + place, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the detour still works, the form just starts empty
  }
}

/** The draft kept for a place, if any. */
export function readDraft(place: string): Draft | null {
  try {
    const raw = session()?.getItem(DRAFT_PREFIX + place);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return null;
  }
}

export function clearDraft(place: string): void {
  try {
    session()?.removeItem(DRAFT_PREFIX + place);
  } catch {
    // nothing kept
  }
}

/** Where this page is: the place a draft is kept under and a detour comes back to. */
export function placeOf(location: { pathname: string; search: string }): string {
  return location.pathname + location.search;
}

export function useDetour() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get(PARAM));
  const here = placeOf(location);
  return {
    /** The address this page goes back to when its job is done, if it was reached by a detour. */
    returnTo,
    /** Leaves for a prerequisite, keeping the draft of this form, and comes back here afterwards. */
    leave(to: string, draft?: Draft): void {
      if (draft) saveDraft(here, draft);
      navigate(withReturnTo(to, here));
    },
    /** Moves on within the same detour (entry → form): the final step still returns to the origin. */
    forward(to: string): void {
      navigate(returnTo ? withReturnTo(to, returnTo) : to);
    },
    /** The prerequisite is done: back to where the user came from, or to `fallback`. */
    finish(fallback: string): void {
      navigate(returnTo ?? fallback, { replace: true });
    },
  };
}

/**
 * The draft this form left behind on a detour, read once when the form mounts; it is then dropped,
 * so a draft fills its form once.
 */
export function useDraft(): Draft {
  const location = useLocation();
  const place = placeOf(location);
  const [draft] = useState(() => readDraft(place) ?? {});
  useEffect(() => clearDraft(place), [place]);
  return draft;
}
