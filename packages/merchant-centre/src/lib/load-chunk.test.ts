import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@cc/config';
import { ChunkLoadError, loadChunk } from './load-chunk';

describe('chunk loading (SPEC section 8)', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the module when the chunk loads', async () => {
    await expect(
      loadChunk('login-page', () => Promise.resolve({ Component: 'x' })),
    ).resolves.toEqual({ Component: 'x' });
  });

  it("fails with 'Loading chunk N failed' of type timeout after the chunk time-out", async () => {
    vi.useFakeTimers();
    const pending = loadChunk('payment-page', () => new Promise<never>(() => undefined));
    const caught = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    const error = await caught;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ message: 'Loading chunk payment-page failed', type: 'timeout' });
  });

  it('calls a chunk the browser could not fetch missing, and anything else other', async () => {
    const missing = loadChunk('coupon-list-page', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    await expect(missing).rejects.toMatchObject({
      message: 'Loading chunk coupon-list-page failed',
      type: 'missing',
    });
    const other = loadChunk('my-store-page', () => Promise.reject(new Error('boom')));
    await expect(other).rejects.toMatchObject({
      message: 'Loading chunk my-store-page failed',
      type: 'other',
    });
  });
});
