import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from './api.ts';

/**
 * Loads one operator call's answer and reloads it on demand. A refusal (403) or other failure is kept
 * as the error, so a card or table can say so instead of breaking. It is loading while the answer it
 * holds belongs to another request than the one asked for.
 */
export function useLoad<T>(path: string, body: unknown = {}) {
  const key = JSON.stringify(body);
  const [tick, setTick] = useState(0);
  const request = `${path}|${key}|${tick}`;
  const [result, setResult] = useState<{ request: string; data: T | null; error: ApiError | null } | null>(null);
  useEffect(() => {
    let live = true;
    call<T>(path, JSON.parse(key))
      .then((data) => {
        if (live) setResult({ request, data, error: null });
      })
      .catch((e: unknown) => {
        const error = e instanceof ApiError ? e : new ApiError(0, 'ERROR', String(e));
        if (live) setResult((prev) => ({ request, data: prev?.data ?? null, error }));
      });
    return () => {
      live = false;
    };
  }, [path, key, request]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return {
    data: result?.data ?? null,
    error: result?.error ?? null,
    loading: result?.request !== request,
    reload,
  };
}
