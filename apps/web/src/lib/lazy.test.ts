import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, classifyChunkError, loadChunk, withTimeout } from './lazy.ts';

describe('classifyChunkError', () => {
  it('names a failed style chunk CSS_CHUNK_LOAD_FAILED', () => {
    expect(classifyChunkError(new Error('Unable to preload CSS for /assets/Trade-abc.css'))).toBe(
      'CSS_CHUNK_LOAD_FAILED',
    );
  });
  it('names a failed script chunk', () => {
    expect(classifyChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      'CHUNK_LOAD_FAILED',
    );
    expect(classifyChunkError(new TypeError('Importing a module script failed.'))).toBe('CHUNK_LOAD_FAILED');
  });
  it('leaves other errors alone', () => {
    expect(classifyChunkError(new Error('boom'))).toBeNull();
    expect(classifyChunkError(undefined)).toBeNull();
  });
});

describe('loadChunk', () => {
  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadChunk(() => new Promise<never>(() => {}), 120_000);
      const caught = pending.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void caught.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const err = await caught;
      expect(err).toBeInstanceOf(ChunkLoadError);
      expect((err as ChunkLoadError).code).toBe('CHUNK_LOAD_TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });
  it('wraps a CSS preload failure with its code', async () => {
    const err = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for a.css'))).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED' });
  });
  it('passes a loaded module through', async () => {
    await expect(withTimeout(Promise.resolve(7), 10)).resolves.toBe(7);
  });
});
