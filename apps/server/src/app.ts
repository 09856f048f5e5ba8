import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { CLIENT_IDS, LOGO_MAX_BYTES, type ClientId } from '@cc/config';
import { MessageBody, MESSAGES, ValidationErrorBody } from '@cc/contract';
import billing, { LOCAL_BILLING } from './billing';
import { systemClock, type Clock } from './core/clock';
import type { Database, Db } from './core/db';
import type { Env } from './core/env';
import { sourceTreeStaticFiles } from './core/static-files';
import auth, { me } from './auth';
import secondFactor from './second-factor';
import { registerErrorHandler } from './core/plugins/error-handler';
import { loggerOptions } from './core/plugins/log-redaction';
import metrics from './core/plugins/metrics';
import { registerNullCharacterGuard } from './core/plugins/null-characters';
import { rateLimitStore } from './core/plugins/rate-limit-store';
import { DEFAULT_CACHE_CONTROL } from './core/http-cache';
import { registerRequestId, REQUEST_ID_HEADER, requestId } from './core/plugins/request-id';
import { registerTenant } from './core/plugins/tenant';
import { registerApiPortOnly } from './core/plugins/api-port-only';
import { readiness, registerHealth } from './core/plugins/health';
import { validatorCompiler } from './core/plugins/validation';
import accountData from './account-data';
import retention from './retention';
import audit from './audit';
import insights from './insights';
import lifecycleMail from './mail/lifecycle';
import { APP_VERSION } from './core/version';
import legacy from './legacy';
import publicPages from './public-pages';
import type { SitemapOptions } from './public-pages/sitemap';
import review from './review';
import coupons from './coupons';
import stores, { storesRoutes } from './stores';
import uploads from './uploads';
import mail from './mail';
import mailboxRoutes from './mail/mailbox';
import { brandDistFolders, serveBrand } from './core/static-brands';
import { cacheRegistry, type CacheRegistry } from './core/bounded-cache';
import { cacheBudgets, DEFAULT_CACHE_BUDGET_MB } from './core/cache-budgets';
import { ownerReadCache, type OwnerReadCache } from './core/owner-reads';
import { watchStoreChanges, type StoreChanges } from './core/store-changes';

/**
 * Requests that may change a store, its coupons, its review state or its subscription:
 * every write under /api and /checkout except sign-in, tokens and uploads, the frequent
 * writes that touch no store.
 */
const WRITES = /^\/(?:api\/(?!v1\/auth\/|Auth\/|v1\/uploads\/)|checkout\/)/;

type RateLimitConfig = { max: number; timeWindow: number };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    /** The one store_changed listener every per-store cache of this instance follows. */
    storeChanges: StoreChanges;
    /** Every per-instance cache's figures, by name, for /metrics. */
    caches: CacheRegistry;
    /** The small answers only a store's owner reads, held per instance (core/owner-reads.ts). */
    ownerReads: OwnerReadCache;
    authenticate: (request: FastifyRequest) => Promise<void>;
    authRateLimit: RateLimitConfig;
    uploadRateLimit: RateLimitConfig;
  }
}

export type AppEnv = Pick<
  Env,
  'isProduction' | 'brandOrigins' | 'brandPorts' | 'jwtSecret' | 'smtp' | 'rateLimit' | 'repoRoot' | 'logLevel'
> &
  Partial<
    Pick<
      Env,
      'billing' | 'storePageGraceDays' | 'counting' | 'trustProxyHops' | 'uploadGraceHours' | 'brands' | 'servedBrands' | 'staticFiles' | 'metricsToken' | 'cacheBudgets' | 'invoiceSuppliers' | 'retention' | 'brandPortsServe' | 'apiOrigin'
    >
  > & {
    /** The sitemaps' shard size (50,000, the sitemaps.org limit) and patch interval (1 s), unless a test needs others. */
    sitemap?: Partial<SitemapOptions> | undefined;
  };

export type AppOptions = {
  database: Database;
  env: AppEnv;
  clock?: Clock;
  /** false for none; else a destination (a test's stream) or level added to the server's settings (log-redaction.ts). */
  logger?: false | { level?: string; stream?: { write: (line: string) => void } };
};

/**
 * The Content-Security-Policy of every answer but the public store pages (page-assets.ts):
 * scripts only from files of this origin, never inline; not framed by any page. Styles may be
 * inline: the drag-and-drop list and the local checkout's brand palette write style elements.
 */
export function contentSecurityPolicy(isProduction: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The API port's origin when API_ORIGIN is not set (a test's app): the development default. */
const DEFAULT_API_ORIGIN = 'http://localhost:4000';

/** The whole server as one Fastify instance; server.ts gives it ports. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const portClients = new Map<number, ClientId>((env.brands ?? CLIENT_IDS).map((id) => [env.brandPorts[id], id]));
  // env.ts resolves the folders (BRAND_DIST_*, REVIEW_DIST); a test may name a source tree instead.
  const files = env.staticFiles ?? (env.repoRoot === undefined ? undefined : sourceTreeStaticFiles(env.repoRoot));

  const app = Fastify({
    // Request logs never show a token, a cookie or an authorization header (log-redaction.ts).
    logger: options.logger === false ? false : loggerOptions(env.logLevel, options.logger),
    // Every log line of a request carries its id (reqId); X-Request-Id names it in the answer.
    genReqId: requestId,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A path with a malformed percent-escape (`/%E0%A4%A`) is a client error in the catalogue's shape.
    frameworkErrors: (error, request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? MESSAGES.badUrl : error.message;
      void (reply as FastifyReply)
        .header(REQUEST_ID_HEADER, request.id)
        .status(error.statusCode ?? 400)
        .send({ message: 'Bad Request', detail: message });
    },
    // A number of hops, never `true`: the leftmost X-Forwarded-For entries are the client's own words.
    trustProxy: (_address: string, hop: number) => hop < (env.trustProxyHops ?? 0),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  registerRequestId(app);
  registerNullCharacterGuard(app);
  const budgets = env.cacheBudgets ?? cacheBudgets(DEFAULT_CACHE_BUDGET_MB);
  app.decorate('caches', cacheRegistry());
  // First, so its request counts and latencies cover every route registered after it.
  await app.register(metrics, {
    database,
    brandPorts: [...portClients.keys()],
    token: env.metricsToken,
    outboxBacklog: () => app.outbox.backlog(),
    readiness: () => readiness(database, app.storeChanges),
  });

  // External plugins.
  await app.register(helmet, {
    // Every HTML answer (brand apps, review console, checkout, docs); the store pages send their own.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env.isProduction) },
    // Browsers ignore HSTS over plain http, and a developer's localhost must not remember it.
    strictTransportSecurity: env.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: env.isProduction ? Object.values(env.brandOrigins) : true });
  await app.register(rateLimit, { global: false, ...(await rateLimitStore(app, env.rateLimit.redis)) });
  // reply.sendFile for the brand builds and the staff console (static-brands, review/static-app):
  // each file's build-time .br/.gz copy when the browser takes one, ETag and Last-Modified,
  // 304 to a matching revalidation; the callers choose the file and its Cache-Control.
  await app.register(fastifyStatic, { serve: false, preCompressed: true, cacheControl: false, dotfiles: 'deny' });
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 2, fields: 10 } });
  // Every cookie the server sets is Secure in production; the refresh cookie is set in routes/api/v1/auth.
  await app.register(cookie, { parseOptions: { secure: env.isProduction } });
  app.addSchema(ValidationErrorBody);
  app.addSchema(MessageBody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Coupon Center API', version: APP_VERSION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs' });

  // App plugins: the store-change listener, tenancy; each feature builds its own repository and service.
  const storeChanges = watchStoreChanges(database, (error) =>
    app.log.warn({ err: error }, 'store_changed listener down; store caches off until re-subscribed'),
  );
  app.addHook('onClose', () => storeChanges.stop());
  await storeChanges.ready;
  // A write through this instance is seen by its next read, before any notification arrives.
  // onSend: the handler (and its transaction) is done, and the answer has not left yet.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && WRITES.test(request.url)) storeChanges.wrote();
    // An answer whose route chose no caching is kept by no cache: signed-in answers above all.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    done(null, payload);
  });
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('storeChanges', storeChanges);
  const ownerReads = ownerReadCache(budgets.owner_reads);
  storeChanges.add(ownerReads);
  app.caches.add('owner_reads', ownerReads.stats);
  app.decorate('ownerReads', ownerReads);
  app.decorate('authRateLimit', { max: env.rateLimit.authMax, timeWindow: env.rateLimit.windowMs });
  app.decorate('uploadRateLimit', { max: env.rateLimit.uploadMax, timeWindow: env.rateLimit.windowMs });
  registerTenant(app, portClients, { served: env.servedBrands, servedOnly: env.isProduction });
  registerApiPortOnly(app, { brandPorts: [...portClients.keys()], console: true, apiDocs: true, ...env.brandPortsServe });

  // Routes: liveness and readiness (which fails from app.drain() on), then the API docs.
  registerHealth(app, database, storeChanges);
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Features, each one plugin that builds its own repository and service and names the
  // features whose services it uses; an order that leaves one out fails here, at start.
  const { brandOrigins, jwtSecret: secret } = env;
  await app.register(audit);
  await app.register(mail);
  await app.register(auth, {
    brandOrigins,
    secret,
    verifiedTokensBudget: budgets.verified_tokens,
    signedInUsersBudget: budgets.signed_in_users,
    sessionsBudget: budgets.sessions,
    consoleOrigin: env.apiOrigin ?? DEFAULT_API_ORIGIN,
  });
  // Two-step sign-in: its gate sits in auth's sign-in from here on.
  await app.register(secondFactor, { secret, brandOrigins, consoleOrigin: env.apiOrigin ?? DEFAULT_API_ORIGIN });
  await app.register(uploads, { graceHours: env.uploadGraceHours });
  await app.register(stores, { brandOrigins });
  await app.register(coupons, { listCacheBudget: budgets.coupon_lists });
  await app.register(billing, {
    env: env.billing ?? LOCAL_BILLING,
    brandOrigins,
    secret,
    summaryCacheBudget: budgets.billing_summaries,
    invoiceSuppliers: env.invoiceSuppliers,
  });
  // The store and /auth/me/ answers show the store's subscription: after billing.
  await app.register(storesRoutes);
  await app.register(me);
  await app.register(publicPages, {
    brandOrigins,
    secret,
    graceDays: env.storePageGraceDays,
    logoFiles: files?.brandLogos,
    cacheBudgets: { heads: budgets.store_page_heads, pages: budgets.store_pages, sitemaps: budgets.sitemaps },
    sitemap: env.sitemap,
    counting: env.counting,
  });
  await app.register(review, { brandOrigins, reviewDist: files?.reviewDist, queueCacheBudget: budgets.review_queue });
  await app.register(insights);
  await app.register(lifecycleMail, { brandOrigins: env.brandOrigins, secret: env.jwtSecret });
  await app.register(legacy, { brandOrigins: env.brandOrigins, catalogueBudget: budgets.legacy_catalogue });
  await app.register(accountData, { brandOrigins });
  await app.register(retention, env.retention ?? {});
  // A developer's mailbox: never in production, whatever else is set (env.ts refuses production without SMTP).
  if (!env.isProduction && !env.smtp) await app.register(mailboxRoutes);

  const brandFolders = brandDistFolders(files?.brandDist ?? {}, portClients);
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
  // A catch-all GET route (not the not-found handler) for the brand builds; every more
  // specific route still wins.
  app.get('/*', { schema: { hide: true } }, (request, reply) =>
    serveBrand(request, reply, brandFolders) ? reply : notFound(reply),
  );
  app.setNotFoundHandler((_request, reply) => notFound(reply));

  return app;
}
