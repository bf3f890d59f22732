/**
 * Lazily loaded screens (spec §9): a chunk that has not arrived within 120 s counts as failed,
 * and a failed chunk is named so the reload prompt can say what happened.
 */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

export const ChunkError = {
  CSS: 'CSS_CHUNK_LOAD_FAILED',
  JS: 'CHUNK_LOAD_FAILED',
  TIMEOUT: 'CHUNK_LOAD_TIMEOUT',
} as const;
export type ChunkErrorCode = (typeof ChunkError)[keyof typeof ChunkError];

export class ChunkLoadError extends Error {
  readonly code: ChunkErrorCode;
  constructor(code: ChunkErrorCode, message: string) {
    super(message);
    this.name = 'ChunkLoadError';
    this.code = code;
  }
}

/** Classifies what a failed dynamic import threw (Vite's preload helper, the browser's import()). */
export function classifyChunkError(err: unknown): ChunkErrorCode | null {
  if (err instanceof ChunkLoadError) return err.code;
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  if (/Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(message)) return ChunkError.CSS;
  if (
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload/i.test(
      message,
    )
  ) {
    return ChunkError.JS;
  }
  return null;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, setTimer: typeof setTimeout = setTimeout): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimer(
      () => reject(new ChunkLoadError(ChunkError.TIMEOUT, `chunk not loaded within ${ms} ms`)),
      ms,
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Loads a screen module with the timeout; a failure becomes a ChunkLoadError with its code. */
export async function loadChunk<T>(load: () => Promise<T>, ms = LAZY_LOAD_TIMEOUT_MS): Promise<T> {
  try {
    return await withTimeout(load(), ms);
  } catch (err) {
    const code = classifyChunkError(err);
    if (code && !(err instanceof ChunkLoadError))
      throw new ChunkLoadError(code, err instanceof Error ? err.message : String(err));
    throw err;
  }
}
