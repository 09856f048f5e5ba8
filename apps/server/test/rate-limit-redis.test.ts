import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { buildApp } from '../src/app';
import type { RateLimitEnv } from '../src/core/platform/env';
import { RATE_LIMIT_CONNECTION_NAME } from '../src/core/http/plugins/rate-limit-store';
import {
  call,
  describeEachDatabase,
  freshDatabase,
  movableClock,
  register,
  testEnv,
  uniqueEmail,
  until,
} from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function probeRedis(): Promise<string | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

/** Why the Redis suites are skipped, or undefined when a server answers. */
const redisUnavailable = await probeRedis();
if (redisUnavailable)
  console.log(`Redis rate-limit suites skipped: no server at ${REDIS_URL} (${redisUnavailable})`);

const AUTH_MAX = 4;
const limits = (redis: RateLimitEnv['redis']): RateLimitEnv => ({
  authMax: AUTH_MAX,
  uploadMax: 10_000,
  windowMs: 60_000,
  redis,
});
const login = (app: FastifyInstance, email: string, password: string) =>
  call(app, 'POST', '/api/v1/auth/email-login/', { body: { email, password } });

describe.skipIf(redisUnavailable !== undefined)('rate limits counted in Redis', () => {
  describeEachDatabase('two instances behind a load balancer', (ctx) => {
    const nameSpace = `cc-test-${randomBytes(6).toString('hex')}-`;
    const instances: FastifyInstance[] = [];
    const admin = new Redis(REDIS_URL, { lazyConnect: true });
    /** Ids of the rate-limit connections open in Redis (every app's, not only these instances'). */
    const connectionIds = async () =>
      ((await admin.client('LIST')) as string)
        .split('\n')
        .filter((line) => line.includes(` name=${RATE_LIMIT_CONNECTION_NAME} `))
        .map((line) => /^id=(\d+)/.exec(line)?.[1]);
    let ownConnections: (string | undefined)[] = [];
    beforeAll(async () => {
      await admin.connect();
      const before = await connectionIds();
      for (let i = 0; i < 2; i += 1) {
        const { database, clock } = ctx();
        const env = testEnv({ rateLimit: limits({ url: REDIS_URL, nameSpace }) });
        const app = await buildApp({ database, clock, env, logger: false });
        await app.ready();
        instances.push(app);
      }
      ownConnections = (await connectionIds()).filter((id) => !before.includes(id));
    });
    afterAll(async () => {
      await Promise.all(instances.splice(0).map((app) => app.close()));
      const keys = await admin.keys(`${nameSpace}*`);
      if (keys.length) await admin.del(...keys);
      await admin.quit();
    });

    it('shares one login limit: attempts split across both instances get 429 once the total passes it', async () => {
      const [first, second] = instances;
      if (!first || !second) throw new Error('instances not ready');
      const email = uniqueEmail();
      await register(ctx().app, email, 'right-password');
      const statuses: number[] = [];
      for (let i = 0; i < AUTH_MAX + 2; i += 1) {
        statuses.push((await login(i % 2 ? second : first, email, 'wrong-password')).statusCode);
      }
      // Each instance saw 3 attempts, under the limit of 4 on its own; together they passed it.
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      for (const app of [first, second]) {
        const limited = await login(app, email, 'right-password');
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ message: MESSAGES.tooManyRequests });
      }
      expect(await admin.keys(`${nameSpace}*`)).not.toHaveLength(0);
    });

    it('closes its Redis connection when the app closes', async () => {
      expect(ownConnections).toHaveLength(2);
      await Promise.all(instances.splice(0).map((app) => app.close()));
      const open = await until(
        connectionIds,
        (ids) => !ids.some((id) => ownConnections.includes(id)),
      );
      expect(open.filter((id) => ownConnections.includes(id))).toEqual([]);
    });
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('lets every request through uncounted and logs one warning, so nobody is locked out', async () => {
    const database = await freshDatabase('pglite');
    const lines: string[] = [];
    const env = testEnv({
      rateLimit: limits({ url: 'redis://127.0.0.1:1', nameSpace: 'cc-test-unreachable-' }),
    });
    const app = await buildApp({
      database,
      env,
      clock: movableClock(),
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await app.ready();
      const email = uniqueEmail();
      await register(app, email, 'right-password');
      const statuses: number[] = [];
      for (let i = 0; i < AUTH_MAX + 2; i += 1)
        statuses.push((await login(app, email, 'wrong-password')).statusCode);
      expect(statuses).toEqual(Array<number>(AUTH_MAX + 2).fill(401));
      expect((await login(app, email, 'right-password')).statusCode).toBe(200);
      const warnings = lines.filter((line) => line.includes('Redis for rate limits unreachable'));
      expect(warnings).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
