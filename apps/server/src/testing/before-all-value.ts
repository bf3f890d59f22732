import { beforeAll } from 'vitest';

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
