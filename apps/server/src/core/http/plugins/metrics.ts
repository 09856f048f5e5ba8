import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MESSAGES } from '@cc/contract';
import type { Database } from '../../data/db';

export type MetricsOptions = {
  /** Its connection pool, when it has one (PostgreSQL). */
  database: Pick<Database, 'poolStats'>;
  /** The ports that serve a brand: /metrics answers only on the API port, so not on these. */
  brandPorts: readonly number[];
  /** The bearer token a scrape must carry (METRICS_TOKEN); undefined: none. */
  token?: string | undefined;
  /** Readiness's checks, read on each scrape: each one up or down (the alert rules watch them). */
  readiness?: () => Promise<Record<string, 'up' | 'down'>>;
  /** The mail not sent yet, read on each scrape (the mail feature's outbox). */
  outboxBacklog: () => Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }>;
};

/** Request latency buckets, in seconds: from a cached page (~1 ms) to a slow checkout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries `token`, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus' text format, on the API port only: requests and their latency
 * by route pattern (never the raw URL) and status, rate-limit refusals, readiness's checks, the
 * database pool, the mail outbox's backlog, the per-instance caches, the store_changed listener, and Node's own.
 * One registry per app, so apps built side by side (tests) count apart.
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const httpLabels = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered',
    labelNames: httpLabels,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer',
    labelNames: httpLabels,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'cc_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit',
    labelNames: ['route'],
    registers,
  });
  const lookups = new Counter({
    name: 'cc_cache_lookups_total',
    help: 'Lookups in a per-instance cache, answered from memory (hit) or not (miss)',
    labelNames: ['cache', 'result'],
    registers,
  });
  const cacheGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['cache'], registers });
  const entries = cacheGauge('cc_cache_entries', 'Entries a per-instance cache holds');
  const bytes = cacheGauge(
    'cc_cache_bytes',
    'Bytes a per-instance cache holds (estimated, erring high)',
  );
  const budget = cacheGauge(
    'cc_cache_budget_bytes',
    'Bytes a per-instance cache may hold (CACHE_BUDGET_MB, CACHE_<NAME>_MB); 0: off',
  );
  const hitRatio = cacheGauge(
    'cc_cache_hit_ratio',
    'Share of lookups a per-instance cache answered since start (0 before any lookup)',
  );
  const evictions = new Counter({
    name: 'cc_cache_evictions_total',
    help: 'Entries a per-instance cache let go to stay within its budget',
    labelNames: ['cache'],
    registers,
  });
  const listening = new Gauge({
    name: 'cc_store_changes_listening',
    help: '1 while this instance hears store_changed (its store caches are on), else 0',
    registers,
  });
  const outbox = new Gauge({
    name: 'cc_outbox_messages',
    help: 'Mail not sent yet, by status',
    labelNames: ['status'],
    registers,
  });
  const oldest = new Gauge({
    name: 'cc_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail still waiting to be sent (0: none)',
    registers,
  });
  const ready = new Gauge({
    name: 'cc_readiness_check',
    help: '1 while a readiness check passes, else 0 (what /api/v1/health/ready reports), by check',
    labelNames: ['check'],
    registers,
  });
  const pool = options.database.poolStats
    ? new Gauge({
        name: 'cc_db_pool_connections',
        help: 'Database pool connections, by state',
        labelNames: ['state'],
        registers,
      })
    : undefined;

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: reply.statusCode };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
    done();
  });

  /** Reads what is only known on demand: caches, the listener, the pool, the outbox (one query). */
  async function refresh(): Promise<void> {
    lookups.reset();
    evictions.reset();
    for (const [cache, stats] of Object.entries(app.caches.stats())) {
      lookups.inc({ cache, result: 'hit' }, stats.hits);
      lookups.inc({ cache, result: 'miss' }, stats.misses);
      evictions.inc({ cache }, stats.evictions);
      entries.set({ cache }, stats.entries);
      bytes.set({ cache }, stats.bytes);
      budget.set({ cache }, stats.budgetBytes);
      const lookedUp = stats.hits + stats.misses;
      hitRatio.set({ cache }, lookedUp === 0 ? 0 : stats.hits / lookedUp);
    }
    listening.set(app.storeChanges.listening ? 1 : 0);
    if (options.readiness) {
      for (const [check, state] of Object.entries(await options.readiness()))
        ready.set({ check }, state === 'up' ? 1 : 0);
    }
    const connections = options.database.poolStats?.();
    if (pool && connections) {
      pool.set({ state: 'total' }, connections.total);
      pool.set({ state: 'idle' }, connections.idle);
      pool.set({ state: 'waiting' }, connections.waiting);
    }
    try {
      const backlog = await options.outboxBacklog();
      outbox.set({ status: 'pending' }, backlog.pending);
      outbox.set({ status: 'failed' }, backlog.failed);
      const age = backlog.oldestPendingAt
        ? (app.clock.now().getTime() - backlog.oldestPendingAt.getTime()) / 1000
        : 0;
      oldest.set(Math.max(0, age));
    } catch (error) {
      // The database is down: no figure rather than a stale one (readiness says why).
      outbox.reset();
      oldest.reset();
      app.log.warn({ err: error }, 'metrics: the outbox backlog could not be read');
    }
  }

  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ message: MESSAGES.notFound, detail: MESSAGES.notFound });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const port = request.raw.socket?.localPort;
    if (port !== undefined && options.brandPorts.includes(port)) return notFound(reply);
    if (options.token !== undefined && !carriesToken(request, options.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: MESSAGES.unauthorized, detail: MESSAGES.unauthorized });
    }
    await refresh();
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
