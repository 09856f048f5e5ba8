import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitEnv } from '../../platform/env';

/** The name this client's connections carry in Redis's CLIENT LIST. */
export const RATE_LIMIT_CONNECTION_NAME = 'cc-rate-limit';
/** How long a rate-limit check waits for Redis (connecting or answering) before giving up on it. */
const REDIS_TIMEOUT_MS = 1_000;

/**
 * Where @fastify/rate-limit counts requests. Without Redis: in this process, so each
 * instance behind a load balancer allows the full limit. With Redis: in one counter per
 * route and IP that every instance on the same Redis and namespace shares.
 *
 * A Redis outage must not lock merchants out of signing in, so a check that cannot reach
 * Redis lets the request through uncounted (`skipOnError`): commands fail at once while
 * the client is disconnected (no offline queue) and after REDIS_TIMEOUT_MS otherwise.
 * One warning is logged per outage; the client reconnects in the background and counting
 * resumes when it is back. The client is closed with the app.
 */
export async function rateLimitStore(
  app: FastifyInstance,
  redis: RateLimitEnv['redis'],
): Promise<Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>> {
  if (!redis) return {};
  const client = new Redis(redis.url, {
    connectionName: RATE_LIMIT_CONNECTION_NAME,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
  });
  let isDown = false;
  client.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    app.log.warn(
      { err: error },
      'Redis for rate limits unreachable; requests pass uncounted until it is back',
    );
  });
  client.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    // At the outage warning's level, so whoever sees one sees the other.
    app.log.warn('Redis for rate limits reachable again; counting resumed');
  });
  app.addHook('onClose', async () => {
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  });
  // Counting starts with the first request when Redis answers now; when it does not, the
  // error listener has logged why and the app starts anyway.
  await client.connect().catch(() => undefined);
  return { redis: client, nameSpace: redis.nameSpace, skipOnError: true };
}
