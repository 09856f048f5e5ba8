import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/core/data/db';
import { REDACTED, redactUrl } from '../src/core/http/plugins/log-redaction';
import { call, freshDatabase, movableClock, register, testEnv } from './helpers';

describe('request logs never show a secret', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    // The server's own logger at info, as production runs it, written where the test can read it.
    app = await buildApp({
      database,
      clock: movableClock(),
      env: testEnv(),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps tokens, signatures, codes, cookies and authorization headers out of every line', async () => {
    const { token } = await register(app);
    const login = await call(app, 'POST', '/api/v1/auth/email-login/', {
      body: { email: 'x@y.co', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(401);
    const secrets = {
      refresh: 'refresh-value-0123456789abcdef',
      signature: 'signature-value-0123456789',
      code: '123456',
      resetToken: 'reset-token-value-abcdef',
      cookie: 'cookie-value-abcdef0123',
    };
    await call(app, 'GET', `/api/Auth/refresh?token=${secrets.refresh}`);
    await call(
      app,
      'GET',
      `/checkout/plans/price_local_uk?client_reference_id=1&expires=9&signature=${secrets.signature}`,
    );
    await call(app, 'GET', `/auth/set-password?token=${secrets.resetToken}&code=${secrets.code}`);
    await call(app, 'GET', '/api/v1/auth/me/', {
      token,
      headers: { cookie: `cc_refresh_7=${secrets.cookie}` },
    });
    await call(app, 'POST', '/api/v1/auth/token/refresh/', {
      headers: { cookie: `cc_refresh_7=${secrets.cookie}` },
    });

    const log = lines.join('');
    // The calls were logged: the test would pass on an empty log otherwise.
    expect(log).toContain('/api/Auth/refresh?token=[redacted]');
    expect(log).toContain('/api/v1/auth/me/');
    for (const value of [...Object.values(secrets), token]) expect(log).not.toContain(value);
    expect(log.toLowerCase()).not.toContain('authorization');
  });
});

describe('redactUrl', () => {
  it('replaces the values of secret parameters, whatever their case or prefix, and keeps the rest', () => {
    expect(redactUrl('/a?token=abc&page=2')).toBe(`/a?token=${REDACTED}&page=2`);
    expect(redactUrl('/a?Access_Token=abc&x=1&signature=s&upload_signature=t')).toBe(
      `/a?Access_Token=${REDACTED}&x=1&signature=${REDACTED}&upload_signature=${REDACTED}`,
    );
    expect(redactUrl('/a?refresh=r&code=c&otp=o&sessionId=s')).toBe(
      `/a?refresh=${REDACTED}&code=${REDACTED}&otp=${REDACTED}&sessionId=${REDACTED}`,
    );
    expect(redactUrl('/stores/x?preview=1')).toBe('/stores/x?preview=1');
    expect(redactUrl('/no-query')).toBe('/no-query');
    expect(redactUrl('/checkout/receipts/abc123/invoice.pdf')).toBe(
      `/checkout/receipts/${REDACTED}/invoice.pdf`,
    );
    expect(redactUrl('/checkout/sessions/abc123?x=1')).toBe(`/checkout/sessions/${REDACTED}?x=1`);
    expect(redactUrl('/a?%E0%A4%A=secret')).toBe(`/a?%E0%A4%A=${REDACTED}`);
  });
});
