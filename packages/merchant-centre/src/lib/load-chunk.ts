import { CHUNK_LOAD_TIMEOUT_MS } from '@cc/config';

/** Why a screen's chunk did not load (SPEC section 8). */
export type ChunkLoadErrorType = 'timeout' | 'missing' | 'other';

/** 'Loading chunk N failed', with the kind of failure. */
export class ChunkLoadError extends Error {
  readonly type: ChunkLoadErrorType;
  readonly chunk: string;

  constructor(chunk: string, type: ChunkLoadErrorType, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed`, options);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
    this.type = type;
  }
}

/** A failed dynamic import: the browser could not fetch the file (gone after a deploy, offline). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Loads a screen's chunk, giving up after CHUNK_LOAD_TIMEOUT_MS; every failure becomes
 * a ChunkLoadError the route's error screen shows.
 */
export function loadChunk<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, isMissing(error) ? 'missing' : 'other', { cause: error }));
      },
    );
  });
}
