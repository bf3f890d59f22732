import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A value a `beforeAll` hook makes, handed out at once as a stand-in that forwards to the value: a test file
 * declares `const x = beforeAllValue(...)` instead of a `let` and a hook that fills it. Reading it before the
 * hook has run (at module load, or after the hook failed) throws, as reading the unset `let` would fail.
 */
export function beforeAllValue<T extends object>(make: () => Promise<T>, timeout?: number): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  }, timeout);
  return new Proxy({} as T, {
    get(_, key) {
      if (value === undefined) throw new Error(`read before the beforeAll hook made it: ${String(key)}`);
      return Reflect.get(value, key, value);
    },
  });
}

/**
 * The file's test server: started before its tests and closed after them (hooks registered later run after the
 * start and, in vitest's default stack order, their afterAll before the close).
 */
export function useTestServer(options?: Parameters<typeof startTestServer>[0]): TestServer {
  let started: TestServer | undefined;
  const server = beforeAllValue(async () => (started = await startTestServer(options)));
  afterAll(async () => {
    await started?.close();
  });
  return server;
}
