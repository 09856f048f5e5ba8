import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { cacheBudgetsFrom, type CacheBudgets } from './cache-budgets';
import { releaseStaticFiles, REPO_ROOT, SERVER_ROOT, sourceTreeStaticFiles, type StaticFiles } from './static-files';

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
  /** The API port's public origin (API_ORIGIN, default http://localhost:PORT): the staff console and its invitation links. */
  apiOrigin: string;
  /** postgres://... selects PostgreSQL; otherwise PGlite keeps its data in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  smtp: { url: string; from: string } | undefined;
  rateLimit: RateLimitEnv;
  /** The brands whose ports this instance opens (BRANDS); empty: the API port only. */
  brands: ClientId[];
  staticFiles: StaticFiles;
  /** Root of the source tree this server runs from; undefined in a release artifact. */
  repoRoot: string | undefined;
  /** The bearer token /metrics asks for (METRICS_TOKEN); undefined: none. */
  metricsToken: string | undefined;
  logLevel: string;
  /** The demo logins `npm start` seeds; never set in production, where staff come from create-staff. */
  seed: { demoPassword: string; staffEmail: string; staffPassword: string } | undefined;
  billing: BillingEnv;
  /** Days a past_due store page stays live after its unpaid period ended. */
  storePageGraceDays: number;
  /** Hours an uploaded image no store uses is kept before the hourly sweep deletes it (at least 1). */
  uploadGraceHours: number;
  /** Bytes each per-instance cache may hold: CACHE_BUDGET_MB shared out, CACHE_<NAME>_MB for one (services/cache-budgets.ts). */
  cacheBudgets: CacheBudgets;
  /** Who issues the invoices: the UK brand's supplier and the US brands' one (INVOICE_SUPPLIER_*). */
  invoiceSuppliers: InvoiceSuppliers;
  /** How long the retention purge keeps what is no longer needed (RETENTION_*). */
  retention: RetentionEnv;
  /** Whether the brand ports also serve the staff console (/review) and the API docs; the API port always does. */
  brandPortsServe: { console: boolean; apiDocs: boolean };
};

/** Days kept past the moment a row stopped being needed, and the purge's batch size. */
export type RetentionEnv = {
  days: { tokens: number; checkout: number; outbox: number; audit: number };
  batchSize: number;
};

/** A supplier as every invoice prints it: legal name, address lines and VAT number ('' where none). */
export type InvoiceSupplier = { name: string; address: string[]; vatNumber: string };
export type InvoiceSuppliers = { uk: InvoiceSupplier; us: InvoiceSupplier };

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

/** The suffix of each brand's settings: PORT_UK, ORIGIN_UK, BRAND_DIST_UK, STRIPE_PRICE_ID_UK. */
const CLIENT_KEYS: Record<ClientId, string> = { 7: 'UK', 8: 'US_PROMO', 10: 'US_DISCOUNT' };

/** BRANDS: client ids or brand keys (`7,10`, `uk us-discount`); unset: all three; empty: none. */
function brandsEnv(source: NodeJS.ProcessEnv): ClientId[] {
  const raw = source.BRANDS;
  if (raw === undefined) return [...CLIENT_IDS];
  const brands = new Set<ClientId>();
  for (const word of raw.split(/[\s,]+/).filter(Boolean)) {
    const id = CLIENT_IDS.find((client) => String(client) === word || getClientConfig(client).key === word);
    if (id === undefined) {
      const known = CLIENT_IDS.map((client) => `${client} (${getClientConfig(client).key})`).join(', ');
      throw new EnvError(`BRANDS has "${word}"; each entry is one of ${known}, and an empty BRANDS serves the API only`);
    }
    brands.add(id);
  }
  return CLIENT_IDS.filter((id) => brands.has(id));
}

/**
 * Where the served brands' builds, the staff console and the logos are: BRAND_DIST_<KEY> and
 * REVIEW_DIST, else the source tree's folders, else (a release artifact) the console it carries.
 * A folder that is set, or that a release artifact needs, must hold an index.html.
 */
function staticFilesEnv(source: NodeJS.ProcessEnv, brands: ClientId[]): StaticFiles {
  const defaults = REPO_ROOT ? sourceTreeStaticFiles(REPO_ROOT) : releaseStaticFiles();
  const checked = (name: string, folder: string, mustExist: boolean) => {
    if (mustExist && !existsSync(join(folder, 'index.html'))) throw new EnvError(`${name} (${folder}) has no index.html`);
    return folder;
  };
  const brandDist: StaticFiles['brandDist'] = {};
  for (const id of brands) {
    const name = `BRAND_DIST_${CLIENT_KEYS[id]}`;
    const set = source[name];
    const folder = set ? resolve(set) : defaults.brandDist[id];
    if (!folder) {
      const brand = getClientConfig(id);
      throw new EnvError(`${name} is required to serve ${brand.appName} (client ${id}): the dist/ of its unpacked ${brand.appName.toLowerCase()} artifact; or leave ${id} out of BRANDS`);
    }
    brandDist[id] = checked(name, folder, Boolean(set));
  }
  const review = source.REVIEW_DIST;
  const reviewDist = checked('REVIEW_DIST', review ? resolve(review) : defaults.reviewDist, Boolean(review) || !REPO_ROOT);
  return { brandDist, reviewDist, brandLogos: defaults.brandLogos };
}

/**
 * METRICS_TOKEN: the bearer token /metrics asks for, long enough not to be guessed. Production
 * needs one: the API port is where merchants' browsers call, so /metrics must not be open there.
 */
function metricsTokenEnv(source: NodeJS.ProcessEnv): string | undefined {
  const token = source.METRICS_TOKEN || undefined;
  if (token === undefined && source.NODE_ENV === 'production') {
    throw new EnvError('METRICS_TOKEN is required when NODE_ENV=production (/metrics asks for it as a bearer token)');
  }
  if (token !== undefined && token.length < 16) throw new EnvError('METRICS_TOKEN must be at least 16 characters');
  return token;
}

/** The API port and each served brand's port are distinct. */
function checkPorts(apiPort: number, brandPorts: Record<ClientId, number>, brands: ClientId[]): void {
  const taken = new Map<number, string>([[apiPort, 'PORT']]);
  for (const id of brands) {
    const name = `PORT_${CLIENT_KEYS[id]}`;
    const other = taken.get(brandPorts[id]);
    if (other) throw new EnvError(`${name} (${brandPorts[id]}) is the same port as ${other}`);
    taken.set(brandPorts[id], name);
  }
}

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
    for (const [id, key] of Object.entries(CLIENT_KEYS)) values[Number(id) as ClientId] = required(`${prefix}${key}`);
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

/** Outside production, where a supplier setting is unset: placeholders no one could take for real. */
export const PLACEHOLDER_SUPPLIERS: InvoiceSuppliers = {
  uk: {
    name: 'VoucherNest Placeholder Ltd',
    address: ['1 Placeholder Street', 'London', 'AB1 2CD', 'United Kingdom'],
    vatNumber: 'GB000000000',
  },
  us: { name: 'Coupon Center Placeholder Inc.', address: ['1 Placeholder Avenue', 'Wilmington, DE 19801', 'United States'], vatNumber: '' },
};

/**
 * INVOICE_SUPPLIER_*: the legal name, address (lines split on "|" or newlines) and, UK, VAT
 * number every invoice prints. Outside production an unset one is an obvious placeholder; in
 * production an instance that can charge the UK brand (BRANDS names it, or is empty: the API
 * port takes every brand's payments) refuses to start without each UK one.
 */
function invoiceSuppliersEnv(source: NodeJS.ProcessEnv, isProduction: boolean, brands: ClientId[]): InvoiceSuppliers {
  const text = (name: string) => source[name]?.trim() ?? '';
  const lines = (name: string) =>
    text(name)
      .split(/\||\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
  const chargesUk = brands.length === 0 || brands.includes(7);
  if (isProduction && chargesUk) {
    for (const name of ['INVOICE_SUPPLIER_NAME_UK', 'INVOICE_SUPPLIER_ADDRESS_UK', 'INVOICE_SUPPLIER_VAT_UK']) {
      if (!text(name)) throw new EnvError(`${name} is required when NODE_ENV=production: VoucherNest's VAT invoices print it`);
    }
  }
  const supplier = (key: 'UK' | 'US', fallback: InvoiceSupplier): InvoiceSupplier => {
    const empty = isProduction ? { name: '', address: [], vatNumber: '' } : fallback;
    const address = lines(`INVOICE_SUPPLIER_ADDRESS_${key}`);
    return {
      name: text(`INVOICE_SUPPLIER_NAME_${key}`) || empty.name,
      address: address.length ? address : empty.address,
      vatNumber: key === 'UK' ? text('INVOICE_SUPPLIER_VAT_UK') || empty.vatNumber : '',
    };
  };
  return { uk: supplier('UK', PLACEHOLDER_SUPPLIERS.uk), us: supplier('US', PLACEHOLDER_SUPPLIERS.us) };
}

/** RETENTION_*: whole days (at least 1) each kind is kept, and rows per purge batch (at least 1). */
function retentionEnv(source: NodeJS.ProcessEnv): RetentionEnv {
  const atLeastOne = (name: string, fallback: number) => {
    const value = integer(source, name, fallback);
    if (value < 1) throw new EnvError(`${name} must be at least 1`);
    return value;
  };
  return {
    days: {
      tokens: atLeastOne('RETENTION_TOKEN_DAYS', 1),
      checkout: atLeastOne('RETENTION_CHECKOUT_DAYS', 7),
      outbox: atLeastOne('RETENTION_OUTBOX_DAYS', 30),
      audit: atLeastOne('RETENTION_AUDIT_DAYS', 730),
    },
    batchSize: atLeastOne('RETENTION_BATCH_SIZE', 1000),
  };
}

/** A yes/no setting: 1/true/yes or 0/false/no; `fallback` when unset. */
function flag(source: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = source[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new EnvError(`${name} must be 1 or 0 (true or false), got "${source[name] ?? ''}"`);
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
  const apiPort = integer(source, 'PORT', 4000);
  const brands = brandsEnv(source);
  checkPorts(apiPort, brandPorts, brands);

  return {
    isProduction,
    trustProxyHops: integer(source, 'TRUST_PROXY_HOPS', isProduction ? 1 : 0),
    host: source.HOST || '127.0.0.1',
    apiPort,
    brandPorts,
    brands,
    staticFiles: staticFilesEnv(source, brands),
    brandOrigins: {
      7: origin('ORIGIN_UK', brandPorts[7]),
      8: origin('ORIGIN_US_PROMO', brandPorts[8]),
      10: origin('ORIGIN_US_DISCOUNT', brandPorts[10]),
    },
    apiOrigin: origin('API_ORIGIN', apiPort),
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
    repoRoot: REPO_ROOT,
    metricsToken: metricsTokenEnv(source),
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
    cacheBudgets: cacheBudgetsFrom(source, (message) => new EnvError(message)),
    invoiceSuppliers: invoiceSuppliersEnv(source, isProduction, brands),
    retention: retentionEnv(source),
    brandPortsServe: {
      console: flag(source, 'SERVE_CONSOLE_ON_BRAND_PORTS', true),
      apiDocs: flag(source, 'SERVE_API_DOCS_ON_BRAND_PORTS', true),
    },
  };
}

/** loadEnv for a command: a missing or bad setting ends it with its one-line reason, as the server's start does. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}
