import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api.ts';
import { afterAttempt, nextRequest, type PendingRequest } from './request-id.ts';

/**
 * Runs a money command once at a time with the submission's requestId (request-id.ts).
 * A second tap while the first is in flight is ignored (it would carry the same id anyway).
 * Resolves with the answer, or undefined when ignored; rejects with the call's error.
 */
export function useMoneyCommand() {
  const pending = useRef<PendingRequest | null>(null);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async <T>(body: object, send: (requestId: string) => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    const request = nextRequest(pending.current, body, () => crypto.randomUUID());
    pending.current = request;
    try {
      const answer = await send(request.id);
      pending.current = afterAttempt(request, 'answered');
      return answer;
    } catch (err) {
      const unknown = err instanceof ApiError && (err.kind === 'network' || err.status >= 500);
      pending.current = afterAttempt(request, unknown ? 'unknown' : 'answered');
      throw err;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  return { run, busy };
}
