/**
 * Points where start-up work gives the main thread back, so the browser can paint and answer a tap in between: a
 * task longer than 50 ms holds the page, and Lighthouse's total blocking time adds up what each such task runs
 * over (apps/web/README.md §Lighthouse). Work split at these points runs as several short tasks.
 */

/** Resolves in a task of its own (a timer's), after what the current task still has to do. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has painted the next frame, in the task after it. A hidden page paints no frame to wait
 * for: it resolves at once.
 */
export function afterPaint(): Promise<void> {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves after the next paint once the browser has nothing more urgent to run, or after `timeout` ms at the
 * latest (a busy page must not wait for ever); in a new task where requestIdleCallback is missing (Safari).
 */
export async function whenIdle(timeout = 1000): Promise<void> {
  await afterPaint();
  if (typeof requestIdleCallback !== 'function') return nextTask();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout }));
}
