import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientId } from '@cc/config';

/** The server's settings, read and checked once at start; the only reader of process.env. */
export type Env = {
  isProduction: boolean;
  /**
   * How many reverse proxies in front append to X-Forwarded-For. The client address
   * (rate limits, counters) is the one the outermost of them saw; entries a client
   * wrote itself further left are ignored. 0: the socket's peer.
   */
  trustProxyHops: number;
  host: string;
  apiPort: number;
  brandPorts: Record<ClientId, number>;
  brandOrigins: Record<ClientId, string>;
  /** postgres://... selects PostgreSQL; otherwise PGlite keeps its data in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  smtp: { url: string; from: string } | undefined;
  rateLimit: RateLimitEnv;
  /** Root of the repository, where apps/<brand>/dist are looked up. */
  repoRoot: string;
  logLevel: string;
  /** The demo logins `npm start` seeds; never set in production, where staff come from create-staff. */
  seed: { demoPassword: string; staffEmail: string; staffPassword: string } | undefined;
  billing: BillingEnv;
  /** Days a past_due store page stays live after its unpaid period ended. */
  storePageGraceDays: number;
  /** Hours an uploaded image no store uses is kept before the hourly sweep deletes it (at least 1). */
  uploadGraceHours: number;
};

/** Per-IP limits; counted in Redis, shared by every instance, when `redis` is set, else per process. */
export type RateLimitEnv = {
  authMax: number;
  uploadMax: number;
  windowMs: number;
  /** Counts live under keys starting with `nameSpace`, so apps sharing one Redis and namespace share limits. */
  redis?: { url: string; nameSpace: string };
};

/** Billing settings: the embedded local provider, or Stripe with its keys, prices and payment links. */
export type BillingEnv = {
  provider: 'local' | 'stripe';
  /**
   * The local provider takes any Luhn-valid card number, so its checkout pages and receipts
   * say TEST MODE; in production it runs only with ALLOW_TEST_BILLING=1.
   */
  /** How often the renewal job runs (local provider); 0 turns the tick off. */
  renewalIntervalMs: number;
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    priceIds: Record<ClientId, string>;
    /** Another API address (a mock server); Stripe's own when undefined. */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
};

export class EnvError extends Error {}

const here = dirname(fileURLToPath(import.meta.url));
/** apps/server whether running from src/ or the bundled dist/. */
export const SERVER_ROOT = resolve(here, '..');

function integer(source: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new EnvError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const BILLING_CLIENT_KEYS: Record<ClientId, string> = { 7: 'UK', 8: 'US_PROMO', 10: 'US_DISCOUNT' };

function billingEnv(source: NodeJS.ProcessEnv, isProduction: boolean): BillingEnv {
  const provider = source.BILLING_PROVIDER || (isProduction ? '' : 'local');
  if (provider === '') {
    throw new EnvError('BILLING_PROVIDER is required when NODE_ENV=production (stripe, or local with ALLOW_TEST_BILLING=1)');
  }
  if (provider !== 'local' && provider !== 'stripe') throw new EnvError('BILLING_PROVIDER must be local or stripe');
  const renewalIntervalMs = integer(source, 'BILLING_RENEWAL_INTERVAL_MS', 60_000);
  if (provider === 'local') {
    if (isProduction && source.ALLOW_TEST_BILLING !== '1') {
      throw new EnvError('BILLING_PROVIDER=local accepts test cards only; set ALLOW_TEST_BILLING=1 to run it in production');
    }
    return { provider, renewalIntervalMs };
  }
  const missing: string[] = [];
  const required = (name: string) => {
    const value = source[name]?.trim() ?? '';
    if (!value) missing.push(name);
    return value;
  };
  const perClient = (prefix: string) => {
    const values = {} as Record<ClientId, string>;
    for (const [id, key] of Object.entries(BILLING_CLIENT_KEYS)) values[Number(id) as ClientId] = required(`${prefix}${key}`);
    return values;
  };
  const secretKey = required('STRIPE_SECRET_KEY');
  const webhookSecret = required('STRIPE_WEBHOOK_SECRET');
  const priceIds = perClient('STRIPE_PRICE_ID_');
  // STRIPE_PAYMENT_LINK_* (older deployments) are accepted and ignored: every checkout is a session we create.
  if (missing.length) throw new EnvError(`BILLING_PROVIDER=stripe needs ${missing.join(', ')}`);
  let api: NonNullable<BillingEnv['stripe']>['api'];
  if (source.STRIPE_API_URL) {
    const url = new URL(source.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
  }
  return { provider, renewalIntervalMs, stripe: { secretKey, webhookSecret, priceIds, ...(api ? { api } : {}) } };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const isProduction = source.NODE_ENV === 'production';
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new EnvError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const redisUrl = source.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new EnvError('REDIS_URL must start with redis:// or rediss://');
  const uploadGraceHours = integer(source, 'UPLOAD_GRACE_HOURS', 24);
  if (uploadGraceHours < 1) throw new EnvError('UPLOAD_GRACE_HOURS must be at least 1');
  const dataDir = resolve(source.DATA_DIR || join(SERVER_ROOT, '.data'));

  if (isProduction && !source.SMTP_URL) {
    throw new EnvError('SMTP_URL is required when NODE_ENV=production (there is no local mailbox in production)');
  }
  if (source.SMTP_URL && !/^smtps?:\/\//.test(source.SMTP_URL)) throw new EnvError('SMTP_URL must start with smtp:// or smtps://');

  let jwtSecret = source.JWT_SECRET ?? '';
  if (!jwtSecret) {
    if (isProduction) throw new EnvError('JWT_SECRET is required when NODE_ENV=production');
    jwtSecret = persistedSecret(dataDir);
  }
  if (jwtSecret.length < 32) throw new EnvError('JWT_SECRET must be at least 32 characters');

  const brandPorts: Record<ClientId, number> = {
    7: integer(source, 'PORT_UK', 4007),
    8: integer(source, 'PORT_US_PROMO', 4008),
    10: integer(source, 'PORT_US_DISCOUNT', 4010),
  };
  const origin = (name: string, port: number) => (source[name] || `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    isProduction,
    trustProxyHops: integer(source, 'TRUST_PROXY_HOPS', isProduction ? 1 : 0),
    host: source.HOST || '127.0.0.1',
    apiPort: integer(source, 'PORT', 4000),
    brandPorts,
    brandOrigins: {
      7: origin('ORIGIN_UK', brandPorts[7]),
      8: origin('ORIGIN_US_PROMO', brandPorts[8]),
      10: origin('ORIGIN_US_DISCOUNT', brandPorts[10]),
    },
    databaseUrl,
    dataDir,
    jwtSecret,
    smtp: source.SMTP_URL ? { url: source.SMTP_URL, from: source.MAIL_FROM || 'Coupon Center <no-reply@localhost>' } : undefined,
    rateLimit: {
      // Per IP and minute. Outside production the default leaves room for browser test suites
      // that sign in many times from one address.
      authMax: integer(source, 'RATE_LIMIT_AUTH_MAX', isProduction ? 10 : 120),
      uploadMax: integer(source, 'RATE_LIMIT_UPLOAD_MAX', isProduction ? 30 : 120),
      windowMs: integer(source, 'RATE_LIMIT_WINDOW_MS', 60_000),
      ...(redisUrl ? { redis: { url: redisUrl, nameSpace: 'cc-rate-limit-' } } : {}),
    },
    repoRoot: resolve(SERVER_ROOT, '..', '..'),
    logLevel: source.LOG_LEVEL || (isProduction ? 'info' : 'warn'),
    seed: isProduction
      ? undefined
      : {
          demoPassword: source.SEED_DEMO_PASSWORD || 'demo1234',
          staffEmail: source.SEED_STAFF_EMAIL || 'staff@couponcenter.local',
          staffPassword: source.SEED_STAFF_PASSWORD || 'staff1234',
        },
    billing: billingEnv(source, isProduction),
    storePageGraceDays: integer(source, 'STORE_PAGE_GRACE_DAYS', 7),
    uploadGraceHours,
  };
}
