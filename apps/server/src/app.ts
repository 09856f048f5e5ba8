import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CLIENT_IDS, LOGO_MAX_BYTES, type ClientId } from '@cc/config';
import { MessageBody, MESSAGES, ValidationErrorBody } from '@cc/contract';
import billing, { LOCAL_BILLING } from './billing';
import { systemClock, type Clock } from './core/platform/clock';
import type { Database, Db } from './core/data/db';
import type { Env } from './core/platform/env';
import { sourceTreeStaticFiles } from './core/platform/static-files';
import auth from './auth';
import account from './account';
import secondFactor from './second-factor';
import { registerErrorHandler } from './core/http/plugins/error-handler';
import { loggerOptions } from './core/http/plugins/log-redaction';
import metrics from './core/http/plugins/metrics';
import { registerNullCharacterGuard } from './core/http/plugins/null-characters';
import { rateLimitStore } from './core/http/plugins/rate-limit-store';
import { registerRequestId, REQUEST_ID_HEADER, requestId } from './core/http/plugins/request-id';
import { registerTenant } from './core/http/plugins/tenant';
import { registerApiPortOnly } from './core/http/plugins/api-port-only';
import { readiness, registerHealth } from './core/http/plugins/health';
import { validatorCompiler } from './core/http/plugins/validation';
import accountData from './account-data';
import retention from './retention';
import audit from './audit';
import { auditDirectory } from './account/audit-directory';
import insights from './insights';
import lifecycleMail from './lifecycle-mail';
import { APP_VERSION } from './core/platform/version';
import legacy from './legacy';
import publicPages from './public-pages';
import type { SitemapOptions } from './public-pages/sitemap';
import review from './review';
import coupons from './coupons';
import stores from './stores';
import { ownedStores } from './stores/owned-store';
import uploads from './uploads';
import mail from './mail';
import mailboxRoutes from './mail/mailbox';
import { brandDistFolders, registerBrandBuilds } from './core/http/static-brands';
import { registerAnswerDefaults } from './core/http/answer-defaults';
import { securityHeaders } from './core/http/security-headers';
import { cacheRegistry, type CacheRegistry } from './core/cache/bounded-cache';
import { cacheBudgets, DEFAULT_CACHE_BUDGET_MB } from './core/platform/cache-budgets';
import { ownerReadCache, type OwnerReadCache } from './core/cache/owner-reads';
import { watchStoreChanges, type StoreChanges } from './core/data/store-changes';

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
    /** The small answers only a store's owner reads, held per instance (core/cache/owner-reads.ts). */
    ownerReads: OwnerReadCache;
    authenticate: (request: FastifyRequest) => Promise<void>;
    authRateLimit: RateLimitConfig;
    uploadRateLimit: RateLimitConfig;
  }
}

export type AppEnv = Pick<
  Env,
  | 'isProduction'
  | 'brandOrigins'
  | 'brandPorts'
  | 'jwtSecret'
  | 'smtp'
  | 'rateLimit'
  | 'repoRoot'
  | 'logLevel'
> &
  Partial<
    Pick<
      Env,
      | 'billing'
      | 'storePageGraceDays'
      | 'counting'
      | 'trustProxyHops'
      | 'uploadGraceHours'
      | 'brands'
      | 'servedBrands'
      | 'staticFiles'
      | 'metricsToken'
      | 'cacheBudgets'
      | 'invoiceSuppliers'
      | 'retention'
      | 'brandPortsServe'
      | 'apiOrigin'
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

/** The API port's origin when API_ORIGIN is not set (a test's app): the development default. */
const DEFAULT_API_ORIGIN = 'http://localhost:4000';

/** The whole server as one Fastify instance; server.ts gives it ports. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const portClients = new Map<number, ClientId>(
    (env.brands ?? CLIENT_IDS).map((id) => [env.brandPorts[id], id]),
  );
  // env.ts resolves the folders (BRAND_DIST_*, REVIEW_DIST); a test may name a source tree instead.
  const files =
    env.staticFiles ??
    (env.repoRoot === undefined ? undefined : sourceTreeStaticFiles(env.repoRoot));

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
  await app.register(helmet, securityHeaders(env.isProduction));
  await app.register(cors, { origin: env.isProduction ? Object.values(env.brandOrigins) : true });
  await app.register(rateLimit, {
    global: false,
    ...(await rateLimitStore(app, env.rateLimit.redis)),
  });
  // reply.sendFile for the brand builds and the staff console (static-brands, review/static-app):
  // each file's build-time .br/.gz copy when the browser takes one, ETag and Last-Modified,
  // 304 to a matching revalidation; the callers choose the file and its Cache-Control.
  await app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'deny',
  });
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 2, fields: 10 } });
  // Every cookie the server sets is Secure in production; the refresh cookie is set in routes/api/v1/auth.
  await app.register(cookie, { parseOptions: { secure: env.isProduction } });
  app.addSchema(ValidationErrorBody);
  app.addSchema(MessageBody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Coupon Center API', version: APP_VERSION },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs' });

  // App plugins: the store-change listener, tenancy; each feature builds its own repository and service.
  const storeChanges = watchStoreChanges(database, (error) =>
    app.log.warn(
      { err: error },
      'store_changed listener down; store caches off until re-subscribed',
    ),
  );
  app.addHook('onClose', () => storeChanges.stop());
  await storeChanges.ready;
  registerAnswerDefaults(app, storeChanges);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('storeChanges', storeChanges);
  const ownerReads = ownerReadCache(budgets.owner_reads);
  storeChanges.add(ownerReads);
  app.caches.add('owner_reads', ownerReads.stats);
  app.decorate('ownerReads', ownerReads);
  app.decorate('authRateLimit', { max: env.rateLimit.authMax, timeWindow: env.rateLimit.windowMs });
  app.decorate('uploadRateLimit', {
    max: env.rateLimit.uploadMax,
    timeWindow: env.rateLimit.windowMs,
  });
  registerTenant(app, portClients, { served: env.servedBrands, servedOnly: env.isProduction });
  registerApiPortOnly(app, {
    brandPorts: [...portClients.keys()],
    console: true,
    apiDocs: true,
    ...env.brandPortsServe,
  });

  // Routes: liveness and readiness (which fails from app.drain() on), then the API docs.
  registerHealth(app, database, storeChanges);
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Features, each one plugin that builds its own repository and service and names the
  // features whose services it uses; an order that leaves one out fails here, at start.
  const { brandOrigins, jwtSecret: secret } = env;
  await app.register(audit, { directory: auditDirectory });
  await app.register(mail);
  await app.register(auth, {
    brandOrigins,
    secret,
    verifiedTokensBudget: budgets.verified_tokens,
    signedInUsersBudget: budgets.signed_in_users,
    sessionsBudget: budgets.sessions,
    ownedStores,
    consoleOrigin: env.apiOrigin ?? DEFAULT_API_ORIGIN,
  });
  // Two-step sign-in: its gate sits in auth's sign-in from here on.
  await app.register(secondFactor, {
    secret,
    brandOrigins,
    consoleOrigin: env.apiOrigin ?? DEFAULT_API_ORIGIN,
  });
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
  await app.register(account);
  await app.register(publicPages, {
    brandOrigins,
    secret,
    graceDays: env.storePageGraceDays,
    logoFiles: files?.brandLogos,
    cacheBudgets: {
      heads: budgets.store_page_heads,
      pages: budgets.store_pages,
      sitemaps: budgets.sitemaps,
    },
    sitemap: env.sitemap,
    counting: env.counting,
  });
  await app.register(review, {
    brandOrigins,
    reviewDist: files?.reviewDist,
    queueCacheBudget: budgets.review_queue,
  });
  await app.register(insights);
  await app.register(lifecycleMail, { brandOrigins: env.brandOrigins, secret: env.jwtSecret });
  await app.register(legacy, {
    brandOrigins: env.brandOrigins,
    catalogueBudget: budgets.legacy_catalogue,
  });
  await app.register(accountData, { brandOrigins });
  await app.register(retention, env.retention ?? {});
  // A developer's mailbox: never in production, whatever else is set (env.ts refuses production without SMTP).
  if (!env.isProduction && !env.smtp) await app.register(mailboxRoutes);

  // Last: the brand builds behind every other route, and the not-found answer.
  registerBrandBuilds(app, brandDistFolders(files?.brandDist ?? {}, portClients));

  return app;
}
