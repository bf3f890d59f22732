import { currentLocale } from './i18n.ts';
import { readToken, writeToken } from './session.ts';

/** An answer other than 200, with the server's localized message and stable error key. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly field: string | undefined;
  constructor(status: number, error: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.error = error;
    this.field = field;
  }
}

type Envelope<T> = { code: number; message: string; data: T; error?: string; field?: string };

/** Listeners told when the server says the session is gone (401), so the console goes to sign-in. */
const signedOut = new Set<() => void>();
export function onSignedOut(fn: () => void): () => void {
  signedOut.add(fn);
  return () => signedOut.delete(fn);
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { locale: currentLocale() };
  const token = readToken();
  if (token) h.authorization = token;
  if (json) h['content-type'] = 'application/json';
  return h;
}

/** POST /api<path> with a JSON body; resolves to the envelope's data, rejects with ApiError. */
export async function call<T = unknown>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`/api${path}`, { method: 'POST', headers: headers(true), body: JSON.stringify(body) });
  const text = await res.text();
  let env: Envelope<T> | null = null;
  try {
    env = text ? (JSON.parse(text) as Envelope<T>) : null;
  } catch {
    env = null;
  }
  if (res.status === 401 && readToken()) {
    writeToken(null);
    for (const fn of signedOut) fn();
  }
  if (!res.ok || !env || env.code !== 200) {
    throw new ApiError(res.status, env?.error ?? 'HTTP_ERROR', env?.message ?? res.statusText, env?.field);
  }
  return env.data;
}

/** A private file (a KYC photo) fetched with the operator's token, as an object URL for <img>. */
export async function fetchBlobUrl(path: string): Promise<string> {
  const res = await fetch(`/api${path}`, { headers: headers(false) });
  if (!res.ok) throw new ApiError(res.status, 'HTTP_ERROR', res.statusText);
  return URL.createObjectURL(await res.blob());
}

/** GETs a file (a CSV export) with the operator's token and saves it under its name. */
export async function download(path: string, query: Record<string, string | number>, filename: string): Promise<void> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, { headers: headers(false) });
  if (!res.ok) throw new ApiError(res.status, 'HTTP_ERROR', res.statusText);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
