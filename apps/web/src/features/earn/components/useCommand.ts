import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';

/**
 * Runs a money command with a requestId made once per submission: a double tap is ignored, and a
 * retry after a lost answer (network failure, 5xx) reuses the id so the server applies it once.
 * A definite answer (success or refusal) ends the submission; the next one gets a new id.
 */
export function useCommand() {
  const pending = useRef<{ key: string; id: string } | null>(null);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(body: object, send: (requestId: string) => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    const key = JSON.stringify(body);
    if (!pending.current || pending.current.key !== key) pending.current = { key, id: crypto.randomUUID() };
    try {
      const answer = await send(pending.current.id);
      pending.current = null;
      return answer;
    } catch (err) {
      const unknown = err instanceof ApiError && (err.kind === 'network' || err.status >= 500);
      if (!unknown) pending.current = null;
      throw err;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
