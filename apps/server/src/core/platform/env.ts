import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import { budgetVariable, cacheBudgets, type CacheBudgets } from './cache-budgets';
import {
  billingEnv,
  invoiceSuppliersEnv,
  type BillingEnv,
  type InvoiceSuppliers,
} from './env-billing';
import { EnvError, readSettings, type Settings } from './settings/read';
import { brandSetting } from './settings/schema';
import {
  releaseStaticFiles,
  REPO_ROOT,
  SERVER_ROOT,
  sourceTreeStaticFiles,
  type StaticFiles,
} from './static-files';

export {
  PLACEHOLDER_SUPPLIERS,
  type BillingEnv,
  type InvoiceSupplier,
  type InvoiceSuppliers,
} from './env-billing';

/** The server's settings, read once at start from the schema (settings/) and checked; the only reader of process.env. */
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
  /** On SIGTERM: readiness fails for `drainMs`, then requests in flight get `timeoutMs` to finish (core/platform/shutdown.ts). */
  shutdown: { drainMs: number; timeoutMs: number };
  /** How long idle keep-alive connections stay open on every port: longer than the proxy's. */
  keepAliveTimeoutMs: number;
  brandPorts: Record<ClientId, number>;
  brandOrigins: Record<ClientId, string>;
  /** The API port's public origin (API_ORIGIN, default http://localhost:PORT): the staff console and its invitation links. */
  apiOrigin: string;
  /** postgres://... selects PostgreSQL; otherwise PGlite keeps its data in dataDir. */
  databaseUrl: string | undefined;
  /**
   * What a production start runs on that only an opt-in allows (EMBEDDED_DATABASE=1,
   * ALLOW_HTTP_ORIGINS=1, ALLOW_TEST_BILLING=1), one line each, for the start to print.
   */
  optIns: string[];
  dataDir: string;
  jwtSecret: string;
  /** The relay, and each brand's sender (MAIL_FROM_<KEY>): a brand without one has its mail sent by another instance. */
  smtp: { url: string; from: Partial<Record<ClientId, string>> } | undefined;
  rateLimit: RateLimitEnv;
  /** The brands whose ports this instance opens (BRANDS); empty: the API port only. */
  brands: ClientId[];
  /** The brands it acts for, whose origins and senders production requires: BRANDS, or all when BRANDS is empty. */
  servedBrands: ClientId[];
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
  /** Shoppers' counts: written every `flushMs` (0: before each answer), or at once when `maxPending` events are held. */
  counting: { flushMs: number; maxPending: number };
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

/** Per-IP limits; counted in Redis, shared by every instance, when `redis` is set, else per process. */
export type RateLimitEnv = {
  authMax: number;
  uploadMax: number;
  windowMs: number;
  /** Counts live under keys starting with `nameSpace`, so apps sharing one Redis and namespace share limits. */
  redis?: { url: string; nameSpace: string };
};

export { EnvError };

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Where the served brands' builds, the staff console and the logos are: BRAND_DIST_<KEY> and
 * REVIEW_DIST, else the source tree's folders, else (a release artifact) the console it carries.
 * A folder that is set, or that a release artifact needs, must hold an index.html.
 */
function staticFilesEnv(settings: Settings, brands: ClientId[]): StaticFiles {
  const defaults = REPO_ROOT ? sourceTreeStaticFiles(REPO_ROOT) : releaseStaticFiles();
  const checked = (name: string, folder: string, mustExist: boolean) => {
    if (mustExist && !existsSync(join(folder, 'index.html')))
      throw new EnvError(`${name} (${folder}) has no index.html`);
    return folder;
  };
  const brandDist: StaticFiles['brandDist'] = {};
  for (const id of brands) {
    const name = brandSetting('BRAND_DIST_', id);
    const set = settings.text(name);
    const folder = set ? resolve(set) : defaults.brandDist[id];
    if (!folder) {
      const brand = getClientConfig(id);
      throw new EnvError(
        `${name} is required to serve ${brand.appName} (client ${id}): the dist/ of its unpacked ${brand.appName.toLowerCase()} artifact; or leave ${id} out of BRANDS`,
      );
    }
    brandDist[id] = checked(name, folder, Boolean(set));
  }
  const review = settings.text('REVIEW_DIST');
  const reviewDist = checked(
    'REVIEW_DIST',
    review ? resolve(review) : defaults.reviewDist,
    Boolean(review) || !REPO_ROOT,
  );
  return { brandDist, reviewDist, brandLogos: defaults.brandLogos };
}

/** The API port and each served brand's port are distinct. */
function checkPorts(
  apiPort: number,
  brandPorts: Record<ClientId, number>,
  brands: ClientId[],
): void {
  const taken = new Map<number, string>([[apiPort, 'PORT']]);
  for (const id of brands) {
    const name = brandSetting('PORT_', id);
    const other = taken.get(brandPorts[id]);
    if (other) throw new EnvError(`${name} (${brandPorts[id]}) is the same port as ${other}`);
    taken.set(brandPorts[id], name);
  }
}

/** Each brand's origin: ORIGIN_<KEY>, https:// in production (http:// only with ALLOW_HTTP_ORIGINS=1). */
function originsEnv(
  settings: Settings,
  brandPorts: Record<ClientId, number>,
): Record<ClientId, string> {
  const origins = {} as Record<ClientId, string>;
  for (const id of CLIENT_IDS) {
    const name = brandSetting('ORIGIN_', id);
    const set = settings.text(name);
    if (set?.startsWith('http://') && settings.production && !settings.flag('ALLOW_HTTP_ORIGINS')) {
      throw new EnvError(
        `${name} must start with https:// when NODE_ENV=production, got "${set}" (ALLOW_HTTP_ORIGINS=1 allows http:// on a test site without TLS)`,
      );
    }
    origins[id] = set ?? `http://localhost:${brandPorts[id]}`;
  }
  return origins;
}

/** API_ORIGIN: the staff console's public origin, https:// in production like the brands'. */
function apiOriginEnv(settings: Settings, apiPort: number): string {
  const set = settings.text('API_ORIGIN');
  if (set?.startsWith('http://') && settings.production && !settings.flag('ALLOW_HTTP_ORIGINS')) {
    throw new EnvError(
      `API_ORIGIN must start with https:// when NODE_ENV=production, got "${set}" (ALLOW_HTTP_ORIGINS=1 allows http:// on a test site without TLS)`,
    );
  }
  return set ?? `http://localhost:${apiPort}`;
}

/** The relay and each brand's sender; outside production an unset sender is the brand's name at localhost. */
function smtpEnv(settings: Settings): Env['smtp'] {
  const url = settings.text('SMTP_URL');
  if (!url) return undefined;
  const from: Partial<Record<ClientId, string>> = {};
  for (const id of CLIENT_IDS) {
    const set = settings.text(brandSetting('MAIL_FROM_', id));
    const fallback = settings.production
      ? undefined
      : `${getClientConfig(id).appName} <no-reply@localhost>`;
    if (set ?? fallback) from[id] = set ?? fallback;
  }
  return { url, from };
}

/** The lines a production start prints for what it runs on by an opt-in. */
function optInsEnv(
  settings: Settings,
  env: Pick<Env, 'databaseUrl' | 'dataDir' | 'brandOrigins' | 'billing'>,
): string[] {
  if (!settings.production) return [];
  const lines: string[] = [];
  if (!env.databaseUrl)
    lines.push(
      `EMBEDDED_DATABASE=1: the embedded PGlite in ${join(env.dataDir, 'pglite')}, one instance only`,
    );
  const http = Object.values(env.brandOrigins).filter((origin) => origin.startsWith('http://'));
  if (settings.flag('ALLOW_HTTP_ORIGINS') && http.length > 0)
    lines.push(`ALLOW_HTTP_ORIGINS=1: links without TLS (${http.join(', ')})`);
  if (env.billing.provider === 'local')
    lines.push('ALLOW_TEST_BILLING=1: the local test checkout, no real card is charged');
  return lines;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const settings = readSettings(source);
  const { production: isProduction, brands } = settings;
  const number = (name: string) => settings.number(name) ?? 0;
  const databaseUrl = settings.text('DATABASE_URL');
  if (databaseUrl && settings.flag('EMBEDDED_DATABASE'))
    throw new EnvError('EMBEDDED_DATABASE=1 and DATABASE_URL are both set; keep one');
  const redisUrl = settings.text('REDIS_URL');
  const dataDir = resolve(settings.text('DATA_DIR') ?? join(SERVER_ROOT, '.data'));
  const jwtSecret = settings.text('JWT_SECRET') ?? persistedSecret(dataDir);

  const brandPorts = Object.fromEntries(
    CLIENT_IDS.map((id) => [id, number(brandSetting('PORT_', id))]),
  ) as Record<ClientId, number>;
  const apiPort = number('PORT');
  checkPorts(apiPort, brandPorts, brands);
  const brandOrigins = originsEnv(settings, brandPorts);
  const billing = billingEnv(settings);
  const budgets = cacheBudgets(number('CACHE_BUDGET_MB'), (name) =>
    settings.number(budgetVariable(name)),
  );

  return {
    isProduction,
    trustProxyHops: number('TRUST_PROXY_HOPS'),
    host: settings.text('HOST') ?? '127.0.0.1',
    apiPort,
    shutdown: { drainMs: number('SHUTDOWN_DRAIN_MS'), timeoutMs: number('SHUTDOWN_TIMEOUT_MS') },
    keepAliveTimeoutMs: number('HTTP_KEEP_ALIVE_TIMEOUT_MS'),
    brandPorts,
    brands,
    servedBrands: settings.served,
    staticFiles: staticFilesEnv(settings, brands),
    brandOrigins,
    apiOrigin: apiOriginEnv(settings, apiPort),
    databaseUrl,
    optIns: optInsEnv(settings, { databaseUrl, dataDir, brandOrigins, billing }),
    dataDir,
    jwtSecret,
    smtp: smtpEnv(settings),
    rateLimit: {
      authMax: number('RATE_LIMIT_AUTH_MAX'),
      uploadMax: number('RATE_LIMIT_UPLOAD_MAX'),
      windowMs: number('RATE_LIMIT_WINDOW_MS'),
      ...(redisUrl ? { redis: { url: redisUrl, nameSpace: 'cc-rate-limit-' } } : {}),
    },
    repoRoot: REPO_ROOT,
    metricsToken: settings.text('METRICS_TOKEN'),
    logLevel: settings.text('LOG_LEVEL') ?? 'warn',
    seed: isProduction
      ? undefined
      : {
          demoPassword: settings.text('SEED_DEMO_PASSWORD') ?? '',
          staffEmail: settings.text('SEED_STAFF_EMAIL') ?? '',
          staffPassword: settings.text('SEED_STAFF_PASSWORD') ?? '',
        },
    billing,
    storePageGraceDays: number('STORE_PAGE_GRACE_DAYS'),
    counting: { flushMs: number('COUNT_FLUSH_MS'), maxPending: number('COUNT_BATCH_MAX') },
    uploadGraceHours: number('UPLOAD_GRACE_HOURS'),
    cacheBudgets: budgets,
    invoiceSuppliers: invoiceSuppliersEnv(settings),
    retention: {
      days: {
        tokens: number('RETENTION_TOKEN_DAYS'),
        checkout: number('RETENTION_CHECKOUT_DAYS'),
        outbox: number('RETENTION_OUTBOX_DAYS'),
        audit: number('RETENTION_AUDIT_DAYS'),
      },
      batchSize: number('RETENTION_BATCH_SIZE'),
    },
    brandPortsServe: {
      console: settings.flag('SERVE_CONSOLE_ON_BRAND_PORTS'),
      apiDocs: settings.flag('SERVE_API_DOCS_ON_BRAND_PORTS'),
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
