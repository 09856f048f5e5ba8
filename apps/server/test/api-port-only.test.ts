import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { buildApp, type AppEnv } from '../src/app';
import { loadEnv } from '../src/core/platform/env';
import type { Database } from '../src/core/data/db';
import { freshDatabase, movableClock, testEnv } from './helpers';
import { listening } from './listening';

const PATHS = [
  '/review/',
  '/review/queue',
  '/api/v1/docs',
  '/api/v1/docs/',
  '/api/v1/openapi.json',
];

/** An app on two real ports, the API's and client 7's, with `brandPortsServe` as given. */
function onPorts(brandPortsServe: AppEnv['brandPortsServe']) {
  let ports: Awaited<ReturnType<typeof listening>> | undefined;
  let database: Database | undefined;
  let close = async () => undefined as unknown;
  beforeAll(async () => {
    ports = await listening(2);
    const [, brand = 0] = ports.ports;
    database = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      clock: movableClock(),
      logger: false,
      env: testEnv({ brandPorts: { 7: brand, 8: 1, 10: 2 }, brands: [7], brandPortsServe }),
    });
    await app.ready();
    ports.route(app);
    close = async () => {
      await ports?.close();
      await app.close();
      await database?.close();
    };
  });
  afterAll(() => close());
  return async (which: 'api' | 'brand', path: string) => {
    const port = which === 'api' ? ports?.ports[0] : ports?.ports[1];
    const response = await fetch(`http://127.0.0.1:${String(port)}${path}`, { redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  };
}

describe('SERVE_CONSOLE_ON_BRAND_PORTS=0 and SERVE_API_DOCS_ON_BRAND_PORTS=0', () => {
  const at = onPorts({ console: false, apiDocs: false });

  it('a brand port answers 404 for the staff console and the API docs', async () => {
    for (const path of [...PATHS, '/revi%65w/', '/api/v1/docs/static/index.html']) {
      const answer = await at('brand', path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toEqual({
        message: MESSAGES.notFound,
        detail: MESSAGES.notFound,
      });
    }
  });

  it('the API port still serves them, and the brand port its API', async () => {
    for (const path of PATHS) expect((await at('api', path)).status, path).not.toBe(404);
    expect((await at('api', '/api/v1/openapi.json')).body).toContain('"openapi"');
    expect((await at('brand', '/api/v1/health/')).status).toBe(200);
  });
});

describe('by default (today: every port serves the console and the docs)', () => {
  const at = onPorts(undefined);

  it('a brand port serves the staff console and the API docs', async () => {
    for (const path of PATHS) expect((await at('brand', path)).status, path).not.toBe(404);
  });

  it('reads the settings as 1/0, true/false, on by default, and refuses anything else', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/cc-api-port-only' };
    expect(loadEnv(base).brandPortsServe).toEqual({ console: true, apiDocs: true });
    expect(
      loadEnv({
        ...base,
        SERVE_CONSOLE_ON_BRAND_PORTS: '0',
        SERVE_API_DOCS_ON_BRAND_PORTS: 'false',
      }).brandPortsServe,
    ).toEqual({
      console: false,
      apiDocs: false,
    });
    expect(() => loadEnv({ ...base, SERVE_CONSOLE_ON_BRAND_PORTS: 'off-ish' })).toThrow(
      'SERVE_CONSOLE_ON_BRAND_PORTS must be 1 or 0',
    );
  });
});
