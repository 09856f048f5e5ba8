import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cc/contract';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/core/platform/env';
import { call, freshDatabase, movableClock, testEnv } from './helpers';
import { PRODUCTION, refusal, without } from './production-settings';
import { freePorts, startServer } from './server-process';

const SERVER_DIR = resolve(import.meta.dirname, '..');

/** Runs one of the server's commands (src/cli) to its end with `env` alone. */
async function runCommand(
  script: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, ...env },
  });
  const result = { code: null as number | null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (result.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  await new Promise<void>((done) => child.once('exit', (code) => ((result.code = code), done())));
  return result;
}

describe('production refuses to start with what only belongs on a developer machine', () => {
  it('accepts a complete production configuration, with no demo seed settings', () => {
    const env = loadEnv(PRODUCTION);
    expect(env.isProduction).toBe(true);
    expect(env.seed).toBeUndefined();
    expect(env.billing.provider).toBe('stripe');
  });

  it('refuses without SMTP_URL, naming it', () => {
    expect(refusal(without(PRODUCTION, 'SMTP_URL'))).toMatch(
      /^SMTP_URL is required when NODE_ENV=production/,
    );
  });

  it('refuses with BILLING_PROVIDER unset, or local without ALLOW_TEST_BILLING=1', () => {
    expect(refusal(without(PRODUCTION, 'BILLING_PROVIDER'))).toMatch(
      /^BILLING_PROVIDER is required when NODE_ENV=production/,
    );
    expect(refusal({ ...PRODUCTION, BILLING_PROVIDER: 'local' })).toMatch(
      /^BILLING_PROVIDER=local accepts test cards only/,
    );
    expect(refusal({ ...PRODUCTION, BILLING_PROVIDER: 'local', ALLOW_TEST_BILLING: 'yes' })).toBe(
      'ALLOW_TEST_BILLING must be 1 (or unset), got "yes"',
    );
    expect(
      loadEnv({ ...PRODUCTION, BILLING_PROVIDER: 'local', ALLOW_TEST_BILLING: '1' }).billing
        .provider,
    ).toBe('local');
  });

  it('refuses without JWT_SECRET or the Stripe settings', () => {
    expect(refusal(without(PRODUCTION, 'JWT_SECRET'))).toMatch(/^JWT_SECRET is required/);
    expect(refusal(without(PRODUCTION, 'STRIPE_WEBHOOK_SECRET'))).toBe(
      'BILLING_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET',
    );
  });

  it('refuses without METRICS_TOKEN, so /metrics is never open on the API port', () => {
    expect(refusal(without(PRODUCTION, 'METRICS_TOKEN'))).toBe(
      'METRICS_TOKEN is required when NODE_ENV=production (/metrics asks for it as a bearer token)',
    );
  });

  it('keeps the developer defaults outside production: local billing, the demo seed', () => {
    const env = loadEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cc-env-')) });
    expect(env.billing.provider).toBe('local');
    expect(env.seed?.staffEmail).toBe('staff@couponcenter.local');
    expect(env.smtp).toBeUndefined();
  });

  it('stops the real start without DATABASE_URL with a one-line reason and exit code 1, and makes no embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-production-'));
    const started = await startServer(
      { ...without(PRODUCTION, 'DATABASE_URL'), DATA_DIR: dataDir },
      await freePorts(4),
    );
    await started.stop();
    expect(started.code).toBe(1);
    expect(started.stdout).toBe('');
    expect(started.stderr.trim().split('\n')).toEqual([
      'Configuration error: DATABASE_URL is required when NODE_ENV=production (postgres://…; EMBEDDED_DATABASE=1 runs the embedded PGlite in DATA_DIR instead, one instance only)',
    ]);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it.each([
    [
      'the demo seed',
      'src/cli/seed.ts',
      'The demo seed never runs in production; create staff with create-staff',
    ],
    [
      'seed:scale',
      'src/cli/seed-scale.ts',
      'seed:scale writes made-up merchants and never runs in production',
    ],
  ])(
    'refuses %s in production, before it opens the database',
    async (_name, script, reason) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cc-production-cli-'));
      try {
        const result = await runCommand(script, { ...PRODUCTION, DATA_DIR: dataDir });
        expect(result).toEqual({ code: 1, stdout: '', stderr: `${reason}\n` });
        expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.each([
    ['the demo seed', 'src/cli/seed.ts'],
    ['create-staff', 'src/cli/create-staff.ts'],
  ])(
    'stops %s with the one-line reason when a production setting is missing',
    async (_name, script) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cc-production-cli-'));
      try {
        const args = script.endsWith('create-staff.ts') ? ['--email', 'ops@example.com'] : [];
        const result = await runCommand(
          script,
          { ...without(PRODUCTION, 'SMTP_URL'), DATA_DIR: dataDir },
          args,
        );
        expect(result).toEqual({
          code: 1,
          stdout: '',
          stderr:
            'Configuration error: SMTP_URL is required when NODE_ENV=production (there is no local mailbox in production)\n',
        });
        expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('starts in production on the embedded database with EMBEDDED_DATABASE=1, saying so, with secrets from files; no demo logins, no mailbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-production-'));
    const ports = await freePorts(4);
    // Secrets as a container platform mounts them: one file each, ending in a newline.
    writeFileSync(join(dataDir, 'jwt'), `${String(PRODUCTION.JWT_SECRET)}\n`);
    writeFileSync(join(dataDir, 'metrics'), 'a-metrics-token-from-a-file\n');
    const env = {
      ...without(PRODUCTION, 'DATABASE_URL', 'JWT_SECRET', 'METRICS_TOKEN'),
      EMBEDDED_DATABASE: '1',
      JWT_SECRET_FILE: join(dataDir, 'jwt'),
      METRICS_TOKEN_FILE: join(dataDir, 'metrics'),
      BILLING_PROVIDER: 'local',
      ALLOW_TEST_BILLING: '1',
      DATA_DIR: dataDir,
    };
    const started = await startServer(env, ports);
    try {
      expect(started.code, started.stderr).toBeNull();
      expect(started.stdout).not.toMatch(/Demo logins|staff1234|demo1234|Mailbox/);
      expect(started.stdout).toContain(`Coupon Center is running (PGlite in ${dataDir})`);
      expect(started.stdout).toContain(
        `EMBEDDED_DATABASE=1: the embedded PGlite in ${join(dataDir, 'pglite')}, one instance only`,
      );
      const api = `http://127.0.0.1:${ports[0]}`;
      const uk = `http://127.0.0.1:${ports[1]}`;
      expect((await fetch(`${api}/metrics`)).status).toBe(401);
      expect(
        (
          await fetch(`${api}/metrics`, {
            headers: { authorization: 'Bearer a-metrics-token-from-a-file' },
          })
        ).status,
      ).toBe(200);
      for (const [email, password] of [
        ['staff@couponcenter.local', 'staff1234'],
        ['demo@vouchernest.co.uk', 'demo1234'],
      ]) {
        const login = await fetch(`${uk}/api/v1/auth/email-login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password, siteId: 8 }),
        });
        expect(login.status, email).toBe(401);
      }
      for (const base of [api, uk]) {
        for (const path of ['/dev/mailbox', '/dev/mailbox.json'])
          expect((await fetch(`${base}${path}`)).status).toBe(404);
      }
    } finally {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the mailbox route exists only on a developer machine', () => {
  it.each([
    ['production without SMTP', { isProduction: true, smtp: undefined }],
    [
      'production with SMTP',
      { isProduction: true, smtp: { url: 'smtp://127.0.0.1:2525', from: { 7: 'a@b.co' } } },
    ],
  ])('answers 404 on /dev/mailbox in %s', async (_name, env) => {
    const database = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      env: testEnv(env),
      clock: movableClock(),
      logger: false,
    });
    try {
      for (const path of ['/dev/mailbox', '/dev/mailbox.json']) {
        const response = await call(app, 'GET', path);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
