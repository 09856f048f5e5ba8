import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/core/platform/env';
import { PRODUCTION, refusal, without } from './production-settings';

const folder = mkdtempSync(join(tmpdir(), 'cc-settings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file holding `content`, as a container platform mounts a secret. */
function secretFile(name: string, content: string): string {
  const file = join(folder, name);
  writeFileSync(file, content);
  return file;
}

describe('production refuses a database that is not PostgreSQL unless told', () => {
  it('refuses without DATABASE_URL, naming it and the opt-in', () => {
    expect(refusal(without(PRODUCTION, 'DATABASE_URL'))).toBe(
      'DATABASE_URL is required when NODE_ENV=production (postgres://…; EMBEDDED_DATABASE=1 runs the embedded PGlite in DATA_DIR instead, one instance only)',
    );
  });

  it('runs on the embedded database with EMBEDDED_DATABASE=1, and says so; refuses it beside DATABASE_URL or spelt otherwise', () => {
    const env = loadEnv({
      ...without(PRODUCTION, 'DATABASE_URL'),
      EMBEDDED_DATABASE: '1',
      DATA_DIR: folder,
    });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.optIns).toEqual([
      `EMBEDDED_DATABASE=1: the embedded PGlite in ${join(folder, 'pglite')}, one instance only`,
    ]);
    expect(refusal({ ...PRODUCTION, EMBEDDED_DATABASE: '1' })).toBe(
      'EMBEDDED_DATABASE=1 and DATABASE_URL are both set; keep one',
    );
    expect(refusal({ ...without(PRODUCTION, 'DATABASE_URL'), EMBEDDED_DATABASE: 'yes' })).toBe(
      'EMBEDDED_DATABASE must be 1 (or unset), got "yes"',
    );
  });
});

describe("production refuses a served brand's origin that is unset or not https://", () => {
  it.each(['ORIGIN_UK', 'ORIGIN_US_PROMO', 'ORIGIN_US_DISCOUNT'])(
    'refuses without %s, naming it',
    (name) => {
      expect(refusal(without(PRODUCTION, name))).toMatch(
        new RegExp(
          `^${name} is required when NODE_ENV=production \\(\\w+'s public https:// origin`,
        ),
      );
    },
  );

  it('refuses an http:// origin, and takes it on a test site with ALLOW_HTTP_ORIGINS=1, saying so', () => {
    const http = { ...PRODUCTION, ORIGIN_US_PROMO: 'http://localhost:18008' };
    expect(refusal(http)).toBe(
      'ORIGIN_US_PROMO must start with https:// when NODE_ENV=production, got "http://localhost:18008" (ALLOW_HTTP_ORIGINS=1 allows http:// on a test site without TLS)',
    );
    const env = loadEnv({ ...http, ALLOW_HTTP_ORIGINS: '1' });
    expect(env.brandOrigins[8]).toBe('http://localhost:18008');
    expect(env.optIns).toEqual([
      'ALLOW_HTTP_ORIGINS=1: links without TLS (http://localhost:18008)',
    ]);
  });

  it('refuses an origin with a path or another scheme, and drops a trailing slash', () => {
    expect(refusal({ ...PRODUCTION, ORIGIN_UK: 'https://www.vouchernest.co.uk/shop' })).toBe(
      'ORIGIN_UK must be an origin such as https://www.example.com (scheme, host and port only), got "https://www.vouchernest.co.uk/shop"',
    );
    expect(refusal({ ...PRODUCTION, ORIGIN_UK: 'ftp://vouchernest.co.uk' })).toMatch(
      /^ORIGIN_UK must be an origin/,
    );
    expect(
      loadEnv({ ...PRODUCTION, ORIGIN_UK: 'https://www.vouchernest.co.uk/' }).brandOrigins[7],
    ).toBe('https://www.vouchernest.co.uk');
  });

  it('asks only for the brands BRANDS names; an empty BRANDS serves every brand through the API port', () => {
    const ukOnly = {
      ...without(
        PRODUCTION,
        'ORIGIN_US_PROMO',
        'ORIGIN_US_DISCOUNT',
        'MAIL_FROM_US_PROMO',
        'MAIL_FROM_US_DISCOUNT',
      ),
      BRANDS: 'uk',
    };
    const env = loadEnv(ukOnly);
    expect(env.servedBrands).toEqual([7]);
    expect(env.smtp?.from).toEqual({ 7: 'VoucherNest <no-reply@vouchernest.co.uk>' });
    expect(refusal({ ...ukOnly, BRANDS: '' })).toMatch(
      /^ORIGIN_US_PROMO is required when NODE_ENV=production/,
    );
  });
});

describe("production refuses a served brand's sender address that is unset", () => {
  it.each([
    ['MAIL_FROM_UK', 'VoucherNest'],
    ['MAIL_FROM_US_PROMO', 'PromoPulse'],
    ['MAIL_FROM_US_DISCOUNT', 'DiscountDen'],
  ])('refuses without %s, naming it', (name, brand) => {
    expect(refusal(without(PRODUCTION, name))).toBe(
      `${name} is required when NODE_ENV=production (the sender address of every ${brand} mail)`,
    );
  });

  it('refuses a sender that is not an address, and the single MAIL_FROM of before, naming what replaced it', () => {
    expect(refusal({ ...PRODUCTION, MAIL_FROM_UK: 'VoucherNest' })).toBe(
      'MAIL_FROM_UK must be a sender such as "VoucherNest <no-reply@vouchernest.co.uk>" or an address, got "VoucherNest"',
    );
    expect(refusal({ ...PRODUCTION, MAIL_FROM: 'Coupon Center <no-reply@example.com>' })).toBe(
      'MAIL_FROM is no longer read: each brand has its own sender: set MAIL_FROM_UK, MAIL_FROM_US_PROMO and MAIL_FROM_US_DISCOUNT',
    );
  });

  it("gives each brand its own sender, and outside production each brand's name at localhost", () => {
    expect(loadEnv(PRODUCTION).smtp?.from).toEqual({
      7: 'VoucherNest <no-reply@vouchernest.co.uk>',
      8: 'PromoPulse <no-reply@promopulse.com>',
      10: 'DiscountDen <no-reply@discountden.com>',
    });
    expect(loadEnv({ DATA_DIR: folder, SMTP_URL: 'smtp://127.0.0.1:2525' }).smtp?.from).toEqual({
      7: 'VoucherNest <no-reply@localhost>',
      8: 'PromoPulse <no-reply@localhost>',
      10: 'DiscountDen <no-reply@localhost>',
    });
  });
});

describe('secrets from files (X_FILE)', () => {
  it('reads each secret from the file X_FILE names, trimmed', () => {
    const env = loadEnv({
      ...without(PRODUCTION, 'JWT_SECRET', 'DATABASE_URL', 'STRIPE_SECRET_KEY', 'SMTP_URL'),
      JWT_SECRET_FILE: secretFile('jwt', `${'j'.repeat(40)}\n`),
      DATABASE_URL_FILE: secretFile('database', ' postgres://cc:pw@db:5432/cc\n'),
      STRIPE_SECRET_KEY_FILE: secretFile('stripe', 'sk_live_from_file\n'),
      SMTP_URL_FILE: secretFile('smtp', 'smtps://user:pw@relay:465'),
    });
    expect(env.jwtSecret).toBe('j'.repeat(40));
    expect(env.databaseUrl).toBe('postgres://cc:pw@db:5432/cc');
    expect(env.billing.stripe?.secretKey).toBe('sk_live_from_file');
    expect(env.smtp?.url).toBe('smtps://user:pw@relay:465');
  });

  it('refuses both X and X_FILE, a file that cannot be read, and an empty one', () => {
    const jwt = secretFile('jwt-both', 'k'.repeat(40));
    expect(refusal({ ...PRODUCTION, JWT_SECRET_FILE: jwt })).toBe(
      'JWT_SECRET and JWT_SECRET_FILE are both set; keep one',
    );
    const missing = join(folder, 'missing');
    expect(refusal({ ...without(PRODUCTION, 'JWT_SECRET'), JWT_SECRET_FILE: missing })).toBe(
      `JWT_SECRET_FILE (${missing}) cannot be read: ENOENT`,
    );
    const empty = secretFile('empty', '\n');
    expect(refusal({ ...without(PRODUCTION, 'METRICS_TOKEN'), METRICS_TOKEN_FILE: empty })).toBe(
      `METRICS_TOKEN_FILE (${empty}) is empty`,
    );
  });

  it('checks a secret from a file like any other, without echoing it', () => {
    const short = secretFile('short', 'too-short\n');
    expect(refusal({ ...without(PRODUCTION, 'JWT_SECRET'), JWT_SECRET_FILE: short })).toBe(
      'JWT_SECRET must be at least 32 characters',
    );
    expect(refusal({ ...PRODUCTION, DATABASE_URL: 'mysql://root:hunter2@db/cc' })).toBe(
      'DATABASE_URL must start with postgres:// or postgresql://',
    );
  });
});

describe('the defaults production starts with', () => {
  it('believes one proxy, limits sign-ins to 10 and uploads to 30 a minute per address, logs at info', () => {
    const env = loadEnv(PRODUCTION);
    expect(env.trustProxyHops).toBe(1);
    expect(env.rateLimit).toMatchObject({ authMax: 10, uploadMax: 30, windowMs: 60_000 });
    expect(env.rateLimit.redis).toBeUndefined();
    expect(env.logLevel).toBe('info');
    expect(env.seed).toBeUndefined();
    expect(env.optIns).toEqual([]);
  });

  it("writes shoppers' counts once a second or at 2,000 events held, as set, and refuses a batch of none", () => {
    expect(loadEnv(PRODUCTION).counting).toEqual({ flushMs: 1000, maxPending: 2000 });
    expect(
      loadEnv({ ...PRODUCTION, COUNT_FLUSH_MS: '250', COUNT_BATCH_MAX: '500' }).counting,
    ).toEqual({ flushMs: 250, maxPending: 500 });
    expect(refusal({ ...PRODUCTION, COUNT_BATCH_MAX: '0' })).toBe(
      'COUNT_BATCH_MAX must be a whole number, at least 1, got "0"',
    );
  });
});

describe('outside production nothing needs setting', () => {
  it('starts with no settings at all: PGlite, local billing, links and mail on localhost', () => {
    const env = loadEnv({ DATA_DIR: folder });
    expect(env).toMatchObject({
      isProduction: false,
      databaseUrl: undefined,
      smtp: undefined,
      optIns: [],
      logLevel: 'warn',
      trustProxyHops: 0,
    });
    expect(env.rateLimit).toMatchObject({ authMax: 120, uploadMax: 120 });
    expect(env.brandOrigins).toEqual({
      7: 'http://localhost:4007',
      8: 'http://localhost:4008',
      10: 'http://localhost:4010',
    });
    expect(env.billing.provider).toBe('local');
    expect(env.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });
});
