import { App } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from './api.ts';

/**
 * Runs an operator action, shows the server's localized message when it fails, and says whether it
 * is under way, so every button in the console behaves alike.
 */
export function useAction() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(fn: () => Promise<T>, done?: string): Promise<T | undefined> => {
      setBusy(true);
      try {
        const out = await fn();
        if (done) void message.success(done);
        return out;
      } catch (e) {
        void message.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [message],
  );
  return { run, busy };
}
