import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ClientId } from '@cc/config';
import { buildApp } from '../src/app';
import type { Database } from '../src/core/data/db';
import { call, freshDatabase, movableClock, testEnv, uniqueEmail } from './helpers';

/** A production instance that serves only `served` (BRANDS), as env.ts gives it. */
function productionServing(served: ClientId[]) {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    app = await buildApp({
      database,
      env: testEnv({ isProduction: true, brands: served, servedBrands: served }),
      clock: movableClock(),
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return () => {
    if (!app) throw new Error('the app has not started');
    return app;
  };
}

const register = (app: FastifyInstance, email: string, siteKey?: string) =>
  call(app, 'POST', '/api/v1/auth/email-register/', {
    ...(siteKey ? { headers: { 'x-site-key': siteKey } } : {}),
    body: { email, password: 'shop-secret-123' },
  });

describe('in production an instance acts only for the brands it serves (its origins and senders)', () => {
  const ukOnly = productionServing([7]);
  const promoOnly = productionServing([8]);

  it('answers 404 to a request naming a brand it does not serve, so no account or mail of that brand is made', async () => {
    expect((await register(ukOnly(), uniqueEmail(), '8')).statusCode).toBe(404);
    expect((await ukOnly().outbox.backlog()).pending).toBe(0);
    expect((await register(ukOnly(), uniqueEmail(), '7')).statusCode).toBe(201);
  });

  it('takes a request naming no brand, on its API port, for the first brand it serves', async () => {
    const email = uniqueEmail();
    expect((await register(promoOnly(), email)).statusCode).toBe(201);
    const login = await call(promoOnly(), 'POST', '/api/v1/auth/email-login/', {
      headers: { 'x-site-key': '8' },
      body: { email, password: 'shop-secret-123' },
    });
    expect(login.statusCode).toBe(200);
  });
});
