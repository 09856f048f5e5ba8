import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCES, METRICS_TOKEN, startCluster, UPLOAD_LIMIT, type Cluster } from './cluster';
import { startLoad } from './load';
import {
  call,
  couponBody,
  createStore,
  expectStatus,
  logIn,
  register,
  staffLogIn,
  subscribe,
  uniqueEmail,
} from './merchant';
import { startNginxCache } from './nginx';
import { freePorts, waitFor } from './processes';
import { postUploadFrom } from './rate-limit';

/** What the run measured; printed, and written to test-results/cluster.json for docs/operations.md. */
const figures: Record<string, number | string> = {};

/** Requests an instance has answered (those of routes matching `route` only, when given), from its own /metrics (API port, past the proxy). */
async function handled(api: string, route?: RegExp): Promise<number> {
  const text = await (
    await fetch(`${api}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^http_requests_total\{([^}]*)\} (\d+(?:\.\d+)?)/.exec(line);
    if (match && (!route || route.test(match[1] ?? ''))) total += Number(match[2]);
  }
  return total;
}

describe('three instances from the release artifacts behind HAProxy', () => {
  let cluster: Cluster;
  let live: { token: string; store: { id: number; slug: string } };

  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(async () => {
    console.log(`\nCluster figures: ${JSON.stringify(figures)}`);
    const dir = resolve(import.meta.dirname, '..', '..', '..', 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cluster.json'), `${JSON.stringify(figures, null, 2)}\n`);
    await cluster.stop();
  });

  it('takes a merchant from registration to a live page through the proxy, whichever instance answers', async () => {
    const { proxy, mailbox } = cluster;
    const before = await Promise.all(cluster.instances.map((i) => handled(i.api)));
    const email = uniqueEmail('journey');
    await register(proxy.brand, email);
    expect(
      await waitFor(
        () => Promise.resolve(mailbox.link(email, '/auth/verify-email?token=') !== undefined),
        20_000,
      ),
    ).toBe(true);
    const verifyLink = new URL(mailbox.link(email, '/auth/verify-email?token=') ?? '');
    const verified = await call(proxy.brand, 'POST', '/api/v1/auth/verify-email/', {
      body: { token: verifyLink.searchParams.get('token') },
    });
    expectStatus(verified, 200, 'verify');
    const token = await logIn(proxy.brand, email);
    const store = await createStore(proxy.brand, token);
    await subscribe(proxy.brand, token);
    const ids: number[] = [];
    for (let n = 1; n <= 10; n += 1) {
      const created = await call(proxy.brand, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(store.id, `Coupon ${n}`),
      });
      expectStatus(created, 201, `coupon ${n}`);
      ids.push((created.body as { id: number }).id);
    }
    const items = [...ids]
      .reverse()
      .map((id, index) => ({ id: String(id), sort_number: String(index + 1) }));
    expectStatus(
      await call(proxy.brand, 'POST', '/api/v1/coupons/sort-coupons/', { token, body: { items } }),
      200,
      'reorder',
    );

    const staffEmail = uniqueEmail('staff');
    cluster.createStaff(staffEmail, 'shop-secret-123');
    const staff = await staffLogIn(proxy.api, staffEmail);
    const queue = await call(proxy.api, 'GET', '/api/v1/review/stores/', { token: staff });
    expectStatus(queue, 200, 'queue');
    expectStatus(
      await call(proxy.api, 'POST', `/api/v1/review/stores/${store.id}/approve/`, { token: staff }),
      200,
      'approve',
    );

    const page = await call(proxy.brand, 'GET', `/stores/${store.slug}`);
    expectStatus(page, 200, 'public page');
    const order = [...page.text.matchAll(/Coupon (\d+)/g)].map((match) => Number(match[1]));
    expect([...new Set(order)]).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    live = { token, store };

    const after = await Promise.all(cluster.instances.map((i) => handled(i.api)));
    const share = after.map((count, index) => count - (before[index] ?? 0));
    figures.journeyRequestsPerInstance = share.join(' / ');
    for (const count of share) expect(count).toBeGreaterThan(5);
  });

  it('lets an nginx proxy_cache in front answer most shoppers, and shows an edit through it within 5 s', async () => {
    const { instances } = cluster;
    const [cachePort = 0] = await freePorts(1);
    const cache = await startNginxCache(cachePort, cluster.proxy.brandPort);
    try {
      const reads = [
        `/stores/${live.store.slug}`,
        `/stores/${live.store.slug}`,
        `/stores/${live.store.slug}`,
        '/api/Merchant/List',
        `/api/Coupon/store/${live.store.id}`,
      ];
      const shopperRoutes =
        /route="\/(?:stores\/:slug|api\/Merchant\/List|api\/Coupon\/store\/:id)"/;
      const origin = async () =>
        (await Promise.all(instances.map((i) => handled(i.api, shopperRoutes)))).reduce(
          (a, b) => a + b,
          0,
        );
      const before = await origin();
      // 1,000 shoppers' requests over about ten seconds: ten at a time, each a tenth of a second apart.
      const statuses: Record<string, number> = {};
      let sent = 0;
      const shopper = async (n: number) => {
        for (let i = 0; i < 100; i += 1) {
          const path = reads[(n + i) % reads.length] ?? '/';
          const answer = await fetch(`${cache.base}${path}`, {
            headers: { 'accept-encoding': 'br, gzip' },
          });
          await answer.arrayBuffer();
          sent += 1;
          const key = `${answer.status} ${answer.headers.get('x-cache-status') ?? '-'}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
          await new Promise((done) => setTimeout(done, 100));
        }
      };
      await Promise.all(Array.from({ length: 10 }, (_, n) => shopper(n)));
      const originRequests = (await origin()) - before;
      figures.cacheShopperRequests = sent;
      figures.cacheOriginRequestsPer1000 = Math.round((originRequests * 1000) / sent);
      figures.cacheStatuses = JSON.stringify(statuses);
      expect(Object.keys(statuses).every((key) => key.startsWith('200 '))).toBe(true);
      expect(originRequests * 10).toBeLessThan(sent);

      // A merchant's edit just after the cache took a fresh copy of the page (its worst moment), then a
      // shopper asking through the cache every 50 ms until it shows.
      const path = `/api/v1/coupons/?store_slug=${live.store.slug}&client=7&include_scheduled=1`;
      const list = await call(cluster.proxy.brand, 'GET', path, { token: live.token });
      const coupon = (list.body as { results: { id: number }[] }).results[0];
      const fetchedAfresh = async () =>
        ['MISS', 'EXPIRED', 'STALE', 'UPDATING', 'REVALIDATED'].includes(
          (await fetch(`${cache.base}/stores/${live.store.slug}`)).headers.get('x-cache-status') ??
            '',
        );
      expect(await waitFor(fetchedAfresh, 10_000, 20)).toBe(true);
      await new Promise((done) => setTimeout(done, 100));
      const edited = await call(
        cluster.proxy.brand,
        'PATCH',
        `/api/v1/coupons/${coupon?.id ?? 0}`,
        { token: live.token, body: { description: 'Edited behind the cache' } },
      );
      expectStatus(edited, 200, 'edit a coupon');
      const editedAt = Date.now();
      const shown = await waitFor(
        async () =>
          (await (await fetch(`${cache.base}/stores/${live.store.slug}`)).text()).includes(
            'Edited behind the cache',
          ),
        15_000,
        50,
      );
      figures.cacheStalenessAfterEditMs = Date.now() - editedAt;
      const catalogue = await waitFor(
        async () =>
          (await (await fetch(`${cache.base}/api/Coupon/store/${live.store.id}`)).text()).includes(
            'Edited behind the cache',
          ),
        15_000,
        50,
      );
      figures.cacheCatalogueStalenessAfterEditMs = Date.now() - editedAt;
      console.log(
        `\nnginx proxy_cache: ${sent} shoppers' requests, ${originRequests} reached an instance; the edit showed after ${figures.cacheStalenessAfterEditMs} ms`,
      );
      expect(shown).toBe(true);
      expect(catalogue).toBe(true);
      expect(figures.cacheCatalogueStalenessAfterEditMs).toBeLessThan(5_000);
    } finally {
      await cache.stop();
    }
  }, 120_000);

  it('leaves exactly 10 coupons after 30 concurrent creates through the proxy', async () => {
    const { proxy } = cluster;
    const token = await register(proxy.brand, uniqueEmail('race'));
    const store = await createStore(proxy.brand, token);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(proxy.brand, 'POST', '/api/v1/coupons/', {
          token,
          body: couponBody(store.id, `Race ${n}`),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(20);
    const rows = await cluster.postgres.query<{ count: string }>(
      'SELECT count(*) FROM coupons WHERE store_id = $1',
      [store.id],
    );
    expect(Number(rows[0]?.count)).toBe(10);
  });

  it('fails no request while an instance stops on SIGTERM under load through the proxy, and takes traffic again once restarted', async () => {
    const { proxy, instances } = cluster;
    const victim = instances[1];
    if (!victim) throw new Error('no instance to stop');
    const load = startLoad({ base: proxy.brand, storeSlug: live.store.slug, connections: 8 });
    await new Promise((done) => setTimeout(done, 3_000));

    const signalled = Date.now();
    const stopped = await cluster.terminate(victim);
    figures.sigtermToExitSeconds = Number(((Date.now() - signalled) / 1000).toFixed(2));
    figures.sigtermExitCode = stopped.code ?? 'signal';
    const restarted = Date.now();
    await cluster.restart(victim);
    figures.restartToReadySeconds = Number(((Date.now() - restarted) / 1000).toFixed(2));
    // Back in rotation (two passing checks 500 ms apart): the proxy sends it shoppers' store pages again.
    const storePages = /route="\/stores\//;
    const fresh = await handled(victim.api, storePages);
    expect(
      await waitFor(async () => (await handled(victim.api, storePages)) > fresh + 10, 20_000, 250),
    ).toBe(true);
    const result = await load.stop();

    figures.sigtermLoadRequests = result.requests;
    figures.sigtermLoad2xx = result.succeeded;
    figures.sigtermLoadFailed = result.failed;
    figures.sigtermLoadFailures = JSON.stringify(result.failures);
    console.log(
      `\nSIGTERM under load: ${result.requests} requests through the proxy, ${result.failed} failed ${JSON.stringify(result.failures)}`,
    );
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).toContain('SIGTERM: readiness answers 503');
    expect(stopped.output).toMatch(/Stopped: /);
    expect(result.requests).toBeGreaterThan(100);
    expect(result.failed, JSON.stringify(result.failures)).toBe(0);
  }, 300_000);

  it("loses at most the last second of shoppers' counts when an instance is killed with SIGKILL under the beacon's load", async () => {
    const { postgres, instances } = cluster;
    const victim = instances[2];
    if (!victim) throw new Error('no instance to kill');
    const views = async () =>
      Number(
        (
          await postgres.query<{ views: string }>(
            'SELECT coalesce(sum(views), 0) AS views FROM coupon_daily_stats WHERE coupon_id IN (SELECT id FROM coupons WHERE store_id = $1)',
            [live.store.id],
          )
        )[0]?.views,
      );
    const before = await views();
    const onPage = 10;
    // A new shopper on every beacon, straight to the victim's brand port, each answer's moment kept.
    const answered: number[] = [];
    let shopper = 0;
    let running = true;
    const beacon = async () => {
      while (running) {
        shopper += 1;
        const address = `10.9.${(shopper >> 8) & 255}.${shopper & 255}`;
        const answer = await fetch(`${victim.brand}/stores/${live.store.slug}/events?type=view`, {
          method: 'POST',
          headers: { 'x-forwarded-for': address, 'user-agent': `Killed shopper ${shopper}` },
        }).catch(() => undefined);
        if (answer?.status === 204) answered.push(Date.now());
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, beacon));
    await new Promise((done) => setTimeout(done, 4_500));
    const killedAt = Date.now();
    await cluster.kill(victim);
    running = false;
    await load;

    // Every instance writes at least once a second (COUNT_FLUSH_MS): what the database holds now is all it will.
    const counted = (await views()) - before;
    expect(counted % onPage).toBe(0);
    const lost = answered.length - counted / onPage;
    const perSecond = answered.filter((at) => at > killedAt - 3_000).length / 3;
    figures.sigkillBeaconsAnswered = answered.length;
    figures.sigkillBeaconsCounted = counted / onPage;
    figures.sigkillBeaconsLost = lost;
    figures.sigkillSecondsLost = Number((lost / perSecond).toFixed(2));
    console.log(
      `\nSIGKILL under the beacon: ${answered.length} answered, ${counted / onPage} counted, ${lost} lost (${figures.sigkillSecondsLost} s of beacons)`,
    );
    expect(lost).toBeGreaterThanOrEqual(0);
    // Lost are the beacons answered since the last write began: at most the last second (and a write in flight, milliseconds).
    expect(lost).toBeLessThanOrEqual(answered.filter((at) => at > killedAt - 1_250).length);
    await cluster.restart(victim);
  }, 300_000);

  it('loses no acknowledged write when an instance is killed and PostgreSQL restarts mid-load', async () => {
    const { proxy, postgres, instances } = cluster;
    const acknowledged: string[] = [];
    let sent = 0;
    let failed = 0;
    const failures: Record<string, number> = {};
    let running = true;
    const worker = async (n: number) => {
      while (running) {
        const email = uniqueEmail(`load${n}`);
        sent += 1;
        const answer = await call(proxy.brand, 'POST', '/api/v1/auth/email-register/', {
          body: {
            email,
            password: 'shop-secret-123',
            siteId: 7,
            type: 2,
            first_name: 'N/A',
            last_name: 'N/A',
          },
        }).catch(() => undefined);
        if (answer?.status === 201) acknowledged.push(email);
        else {
          failed += 1;
          const key = String(answer?.status ?? 'no answer');
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));
    await new Promise((done) => setTimeout(done, 3_000));

    const victim = instances[INSTANCES - 1];
    if (!victim) throw new Error('no instance to kill');
    await cluster.kill(victim);
    await new Promise((done) => setTimeout(done, 3_000));
    // Readiness of a surviving instance through the database restart: 503, then 200 again.
    const survivor = instances[0];
    if (!survivor) throw new Error('no surviving instance');
    const seen: number[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        seen.push(
          await fetch(`${survivor.api}/api/v1/health/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        );
        await new Promise((done) => setTimeout(done, 25));
      }
    })();
    const restarted = Date.now();
    await postgres.restart();
    const recovered = await waitFor(
      async () =>
        (await fetch(`${survivor.api}/api/v1/health/ready`)).status === 200 && seen.includes(503),
      30_000,
      25,
    );
    figures.recoverySeconds = Number(((Date.now() - restarted) / 1000).toFixed(2));
    watching = false;
    await watch;
    await new Promise((done) => setTimeout(done, 3_000));
    running = false;
    await load;

    if (!recovered)
      writeFileSync('/tmp/survivor.log', `${seen.join(',')}\n${survivor.child?.output() ?? ''}`);
    expect(recovered).toBe(true);
    expect(seen).toContain(503);
    const stored = await postgres.query<{ email: string }>(
      'SELECT email FROM users WHERE email = ANY($1)',
      [acknowledged],
    );
    figures.loadRequests = sent;
    figures.load2xx = acknowledged.length;
    figures.loadRefusedOrFailed = failed;
    figures.loadFailuresByStatus = JSON.stringify(failures);
    figures.lostWrites = acknowledged.length - stored.length;
    figures.load500 = failures['500'] ?? 0;
    expect(acknowledged.length).toBeGreaterThan(20);
    // While PostgreSQL restarts the instances answer 503 with Retry-After, never 500.
    expect(failures['500'] ?? 0, JSON.stringify(failures)).toBe(0);
    expect(stored.length).toBe(acknowledged.length);
    for (const instance of instances.slice(0, INSTANCES - 1)) {
      expect((await fetch(`${instance.api}/api/v1/health/ready`)).status).toBe(200);
    }

    // Once ready again, no instance serves a coupon list or store page older than the last acknowledged write.
    const writer = instances[0]?.brand ?? '';
    const path = `/api/v1/coupons/?store_slug=${live.store.slug}&client=7&include_scheduled=1`;
    const list = await call(writer, 'GET', path, { token: live.token });
    const coupon = (list.body as { results: { id: number }[] }).results[0];
    const edited = await call(writer, 'PATCH', `/api/v1/coupons/${coupon?.id ?? 0}`, {
      token: live.token,
      body: { description: 'Freshly edited' },
    });
    expectStatus(edited, 200, 'edit a coupon');
    const acknowledgedAt = Date.now();
    let staleness = 0;
    for (const instance of instances.slice(0, INSTANCES - 1)) {
      const fresh = await waitFor(
        async () => {
          const listed = await call(instance.brand, 'GET', path, { token: live.token });
          const page = await call(instance.brand, 'GET', `/stores/${live.store.slug}`);
          return listed.text.includes('Freshly edited') && page.text.includes('Freshly edited');
        },
        10_000,
        5,
      );
      expect(fresh).toBe(true);
      staleness = Math.max(staleness, Date.now() - acknowledgedAt);
    }
    figures.stalenessMs = staleness;
    expect(staleness).toBeLessThan(1_000);
  });

  it('holds the upload limit across instances in Redis, and lets requests through while Redis is down', async () => {
    const { proxy, redis } = cluster;
    const statuses: number[] = [];
    for (let n = 0; n < UPLOAD_LIMIT + 6; n += 1)
      statuses.push(await postUploadFrom('127.0.0.2', Number(new URL(proxy.api).port)));
    figures.uploadStatuses = statuses.join(',');
    expect(
      statuses.filter((s) => s === 429),
      statuses.join(','),
    ).toHaveLength(6);
    expect(statuses.slice(0, UPLOAD_LIMIT).every((s) => s === 401)).toBe(true);

    // Redis stopped: the address already over its limit is let through uncounted rather than locked out.
    await redis.stop();
    const during: number[] = [];
    for (let n = 0; n < 5; n += 1)
      during.push(await postUploadFrom('127.0.0.2', Number(new URL(proxy.api).port)));
    figures.uploadsWhileRedisDown = during.join(',');
    expect(during.every((s) => s === 401)).toBe(true);
    await redis.start();
  });
});
