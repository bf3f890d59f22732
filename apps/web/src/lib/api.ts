import { ApiError, networkFailure, requestHeaders, unwrapEnvelope } from './api-core.ts';
import { confirmDialog, showToast } from './feedback.ts';
import { currentLocale, translate } from './i18n.ts';
import { navigateTo } from './navigation.ts';
import { useSession } from './session.ts';
import { getToken } from './storage.ts';
import { nextTask } from './scheduling.ts';

/**
 * The one door to the server (spec §7–§8). Every call is a POST of JSON to /api<path>, with the
 * `locale` and `Authorization` headers; the envelope is unwrapped to its data.
 * - 401: "login status expired", the token is removed, the user goes to /login; the promise rejects.
 * - another error: a toast with the server's message (unless `silent`); the promise rejects with ApiError.
 * - no answer (network, 50 s timeout): "request failed, click to reload"; tapping reload repeats the
 *   call and the promise settles with the retry's result; dismissing rejects.
 */
export { ApiError } from './api-core.ts';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 50_000;

export interface CallOptions {
  /**
   * Do not toast a server error: the caller shows it (e.g. beside a form field). A 401 still
   * clears the token, but without the "login expired" toast and the jump to /login.
   */
  silent?: boolean;
  /** Do not offer "click to reload" on a network failure; just reject. */
  noRetry?: boolean;
  signal?: AbortSignal;
}

async function send<T>(path: string, body: BodyInit | undefined, json: boolean, opts: CallOptions): Promise<T> {
  // Each request starts in a task of its own: a screen's first render asks for several at once, and starting one
  // took 1–2 ms of main thread in the traces measured (apps/web/README.md §Lighthouse): together, one long task.
  await nextTask();
  const signals = [AbortSignal.timeout(API_TIMEOUT_MS)];
  if (opts.signal) signals.push(opts.signal);
  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method: 'POST',
      headers: requestHeaders(currentLocale(), getToken(), json),
      body,
      signal: AbortSignal.any(signals),
    });
  } catch (cause) {
    if (opts.signal?.aborted) throw cause; // the caller cancelled: not a failure to report
    throw networkFailure(cause, translate('common:api.requestFailed'));
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  const result = unwrapEnvelope<T>(response.status, parsed, translate('common:api.requestFailed'));
  if (result.ok) return result.data;
  throw result.error;
}

async function call<T>(
  path: string,
  makeBody: () => BodyInit | undefined,
  json: boolean,
  opts: CallOptions,
): Promise<T> {
  try {
    return await send<T>(path, makeBody(), json, opts);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.kind === 'unauthorized') {
      if (opts.silent) useSession.getState().signOut();
      else sessionExpired();
    } else if (err.kind === 'network' && !opts.noRetry) {
      if (await offerReload()) return call<T>(path, makeBody, json, opts);
    } else if (!opts.silent) {
      showToast({ content: err.message });
    }
    throw err;
  }
}

/** POST a JSON body and get the envelope's data. */
export function apiPost<T>(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<T> {
  return call<T>(path, () => JSON.stringify(body ?? {}), true, opts);
}

/** POST a multipart form (file uploads, e.g. /xb/v1/common/upload). */
export function apiUpload<T>(path: string, form: FormData, opts: CallOptions = {}): Promise<T> {
  return call<T>(path, () => form, false, opts);
}

let expiring = false;
function sessionExpired(): void {
  useSession.getState().signOut();
  // Several calls may fail together when a session ends: say it once.
  if (expiring) return;
  expiring = true;
  showToast({ content: translate('common:api.loginExpired'), afterClose: () => (expiring = false) });
  navigateTo('/login', { replace: true });
}

// One dialog for all calls that fail together; each waits for the same answer.
let pendingReload: Promise<boolean> | null = null;
function offerReload(): Promise<boolean> {
  pendingReload ??= confirmDialog({
    content: translate('common:api.requestFailedReload'),
    confirmText: translate('common:action.reload'),
    cancelText: translate('common:action.cancel'),
  }).finally(() => (pendingReload = null));
  return pendingReload;
}
