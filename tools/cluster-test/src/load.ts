import autocannon from 'autocannon';
import { uniqueEmail } from './merchant';

/** What a load run saw: requests answered, and every one that did not succeed, by status or by kind. */
export type LoadResult = {
  requests: number;
  succeeded: number;
  failed: number;
  failures: Record<string, number>;
};

/**
 * Shoppers and merchants through the proxy until `stop()`: on `connections` keep-alive
 * connections, each in turn a store page, the brand's landing page and a registration (a write
 * with a password hash, the slowest request there is). Every answer but 2xx counts as failed,
 * as does every connection error or timeout.
 */
export function startLoad(options: { base: string; storeSlug: string; connections: number }) {
  let running: autocannon.Instance | undefined;
  const result = new Promise<LoadResult>((resolve, reject) => {
    running = autocannon(
      {
        url: options.base,
        connections: options.connections,
        duration: 600,
        timeout: 15,
        requests: [
          { method: 'GET', path: `/stores/${options.storeSlug}` },
          { method: 'GET', path: '/' },
          {
            method: 'POST',
            path: '/api/v1/auth/email-register/',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                email: uniqueEmail('drain'),
                password: 'shop-secret-123',
                siteId: 7,
                type: 2,
                first_name: 'N/A',
                last_name: 'N/A',
              }),
            }),
          },
        ],
      },
      (error: unknown, done) => {
        if (error) {
          reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
          return;
        }
        const failures: Record<string, number> = {};
        for (const [status, stats] of Object.entries(done.statusCodeStats ?? {})) {
          if (!status.startsWith('2')) failures[status] = stats.count ?? 0;
        }
        if (done.errors > 0) failures['connection errors'] = done.errors - done.timeouts;
        if (done.timeouts > 0) failures.timeouts = done.timeouts;
        resolve({
          requests: done.requests.total,
          succeeded: done['2xx'],
          failed: done.non2xx + done.errors,
          failures,
        });
      },
    );
  });
  return {
    result,
    stop: (): Promise<LoadResult> => {
      running?.stop();
      return result;
    },
  };
}
