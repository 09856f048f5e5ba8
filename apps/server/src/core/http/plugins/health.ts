import type { FastifyInstance } from 'fastify';
import type { Database } from '../../data/db';
import type { StoreChanges } from '../../data/store-changes';

const READY_PING_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /**
     * From this call on readiness answers 503 whatever its checks say, so the proxy's health
     * check takes the instance out of rotation while it still serves (server.ts, on SIGTERM).
     */
    drain: () => void;
  }
}

/** What readiness reports: the database answers a round trip in time, and this instance hears store changes. */
export async function readiness(database: Database, storeChanges: StoreChanges) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), READY_PING_TIMEOUT_MS);
  });
  const databaseUp = await Promise.race([database.ping(), timeout]).then(
    () => true,
    () => false,
  );
  clearTimeout(timer);
  return {
    database: databaseUp ? ('up' as const) : ('down' as const),
    store_changes: storeChanges.listening ? ('up' as const) : ('down' as const),
  };
}

/**
 * Liveness (`/api/v1/health/`): the process answers. Readiness (`/api/v1/health/ready`): it can
 * serve correctly and is not shutting down, so a balancer may send it traffic; a draining
 * instance says `shutting_down: true` beside its checks.
 */
export function registerHealth(
  app: FastifyInstance,
  database: Database,
  storeChanges: StoreChanges,
): void {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.get('/api/v1/health/', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/v1/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks = await readiness(database, storeChanges);
    const ready = !draining && checks.database === 'up' && checks.store_changes === 'up';
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'unavailable',
        ...checks,
        ...(draining ? { shutting_down: true } : {}),
      });
  });
}
