/**
 * The pure half of the API client (spec §7–§8): reading the `{code, message, data}` envelope and
 * deciding what a failure means. No DOM, no toasts: unit-tested in Node.
 */

/** Why a call failed: the session is gone, the server refused it, or it never got an answer. */
export type FailureKind = 'unauthorized' | 'server' | 'network';

/** A failed call. `code` is the envelope code (the HTTP status for errors); `error` the stable key. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly error: string;
  readonly field: string | undefined;
  readonly kind: FailureKind;

  constructor(init: {
    status: number;
    code: number;
    error: string;
    message: string;
    field?: string | undefined;
    kind: FailureKind;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.field = init.field;
    this.kind = init.kind;
  }
}

export const NETWORK_ERROR = 'NETWORK';
export const TIMEOUT_ERROR = 'TIMEOUT';
export const BAD_RESPONSE_ERROR = 'BAD_RESPONSE';

export type Unwrapped<T> = { ok: true; data: T } | { ok: false; error: ApiError };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads one response. `status` is the HTTP status, `body` the parsed JSON (undefined when the body
 * was not JSON). A 401 in either the status or the envelope code means the session has ended.
 */
export function unwrapEnvelope<T>(status: number, body: unknown, fallbackMessage: string): Unwrapped<T> {
  if (!isObject(body) || typeof body.code !== 'number') {
    const kind: FailureKind = status === 401 ? 'unauthorized' : status >= 500 || status === 0 ? 'network' : 'server';
    return {
      ok: false,
      error: new ApiError({
        status,
        code: status,
        error: kind === 'network' ? BAD_RESPONSE_ERROR : 'HTTP_' + status,
        message: fallbackMessage,
        kind,
      }),
    };
  }
  if (body.code === 200 && status >= 200 && status < 300) return { ok: true, data: body.data as T };
  const code = body.code === 200 ? status : body.code;
  return {
    ok: false,
    error: new ApiError({
      status,
      code,
      error: typeof body.error === 'string' ? body.error : 'HTTP_' + code,
      message: typeof body.message === 'string' && body.message ? body.message : fallbackMessage,
      field: typeof body.field === 'string' ? body.field : undefined,
      kind: code === 401 || status === 401 ? 'unauthorized' : 'server',
    }),
  };
}

/** A call that never got an answer: no network, DNS, the server down, or our own timeout. */
export function networkFailure(cause: unknown, message: string): ApiError {
  const timedOut = isObject(cause) && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
  return new ApiError({
    status: 0,
    code: 0,
    error: timedOut ? TIMEOUT_ERROR : NETWORK_ERROR,
    message,
    kind: 'network',
  });
}

/** The headers every call carries (spec §7): the language, and the session token when there is one. */
export function requestHeaders(locale: string, token: string | null, json: boolean): Record<string, string> {
  const h: Record<string, string> = { locale };
  if (json) h['content-type'] = 'application/json';
  if (token) h.authorization = token;
  return h;
}
