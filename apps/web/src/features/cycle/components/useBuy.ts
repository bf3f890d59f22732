import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';

/**
 * One requestId per submission (DESIGN.md §1.3): the same ticket sent again — a double tap, or a
 * retry after a lost answer — carries the same id, so the server buys once. After a definite answer
 * the next ticket gets a new id.
 */
export function useOnceCommand() {
  const pending = useRef<{ key: string; id: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(body: object, send: (requestId: string) => Promise<T>): Promise<T | undefined> => {
      if (busy) return undefined;
      const key = JSON.stringify(body);
      if (!pending.current || pending.current.key !== key) pending.current = { key, id: crypto.randomUUID() };
      setBusy(true);
      try {
        const answer = await send(pending.current.id);
        pending.current = null;
        return answer;
      } catch (err) {
        // no answer (network, 5xx): keep the id so a retry cannot buy twice; a refusal changed nothing
        if (!(err instanceof ApiError && (err.kind === 'network' || err.status >= 500))) pending.current = null;
        throw err;
      } finally {
        setBusy(false);
      }
    },
    [busy],
  );
  return { run, busy };
}
