/** A background loop started by serialLoop; `stop` ends it and waits for the run in progress. */
export interface SerialLoop {
  stop(): Promise<void>;
}

/**
 * Runs `step` every `intervalMs`, one run at a time: a run longer than the interval delays the next instead of
 * overlapping it, and a failed run goes to `onError` without ending the loop. `unref` lets the process exit
 * while the loop waits.
 */
export function serialLoop(
  intervalMs: number,
  step: () => Promise<void>,
  onError: (err: unknown) => void,
  options: { unref?: boolean } = {},
): SerialLoop {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(step).catch(onError);
  }, intervalMs);
  if (options.unref) timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
