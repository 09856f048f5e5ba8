import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  MESSAGES,
  type LegacyMerchantQueueItem,
  type LegacyPage,
  type ReviewQueue,
} from '@cc/contract';
import {
  call,
  describeEachDatabase,
  merchantWithStore,
  register,
  type MovableClock,
} from './helpers';
import { staffToken } from './review-fixtures';

/** The path and query of a page link, for app.inject. */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Every page from the first by `next`, then every page back by `previous`. */
async function walk(app: FastifyInstance, staff: string, first: string) {
  const pages: ReviewQueue[] = [];
  let link: string | null = first;
  while (link) {
    const response = await call(app, 'GET', link, { token: staff });
    expect(response.statusCode).toBe(200);
    const page: ReviewQueue = response.json<ReviewQueue>();
    pages.push(page);
    link = page.next && pathOf(page.next);
  }
  const back: ReviewQueue[] = [];
  link = pages[pages.length - 1]?.previous ?? null;
  while (link) {
    const page: ReviewQueue = (
      await call(app, 'GET', pathOf(link), { token: staff })
    ).json<ReviewQueue>();
    back.unshift(page);
    link = page.previous;
  }
  return { pages, back, ids: pages.flatMap((page) => page.results.map((entry) => entry.store.id)) };
}

async function storesOneMinuteApart(app: FastifyInstance, clock: MovableClock, n: number) {
  const made = [];
  for (let i = 0; i < n; i += 1) {
    made.push(await merchantWithStore(app));
    clock.advance(60_000);
  }
  return made;
}

describeEachDatabase('store review queue in pages', (ctx) => {
  it('pages through more stores than one page: each store once, in queue order, and back again', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const made = await storesOneMinuteApart(app, clock, 7);
    const [a, b, c] = made;
    await call(app, 'POST', `/api/v1/review/stores/${a?.store.id}/approve/`, { token: staff });
    await call(app, 'POST', `/api/v1/review/stores/${b?.store.id}/decline/`, {
      token: staff,
      body: { reason: 'No logo' },
    });
    await call(app, 'POST', `/api/v1/review/stores/${c?.store.id}/approve/`, { token: staff });

    const { pages, back, ids } = await walk(app, staff, '/api/v1/review/stores/?page_size=3');
    const all = pages.flatMap((page) => page.results);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(pages[0]?.count);
    expect(pages.every((page) => page.results.length <= 3)).toBe(true);
    expect(pages[0]?.previous).toBeNull();
    expect(pages[pages.length - 1]?.next).toBeNull();
    // Pending first, then the reviewed ones; each part oldest in the queue first.
    const firstReviewed = all.findIndex((entry) => entry.status !== 'pending');
    expect(all.slice(firstReviewed).every((entry) => entry.status !== 'pending')).toBe(true);
    for (const part of [all.slice(0, firstReviewed), all.slice(firstReviewed)]) {
      const keys = part.map(
        (entry) => `${entry.queued_at} ${String(entry.store.id).padStart(10, '0')}`,
      );
      expect(keys).toEqual([...keys].sort());
    }
    const mine = made.map((m) => m.store.id);
    const order = [3, 4, 5, 6, 0, 1, 2].map((i) => mine[i]);
    expect(ids.filter((id) => mine.includes(id))).toEqual(order);
    // The previous links lead back through the same pages.
    expect(back.map((page) => page.results.map((entry) => entry.store.id))).toEqual(
      pages.slice(0, -1).map((page) => page.results.map((entry) => entry.store.id)),
    );
    expect(pages[1]?.next).toContain('page_size=3');
    // The legacy MerchantQueue/Get pages by number through the same order, across the pending/reviewed boundary.
    const legacy: number[] = [];
    for (let page = 1; page <= pages.length; page += 1) {
      const response = await call(app, 'GET', `/api/MerchantQueue/Get?pageSize=3&page=${page}`, {
        token: staff,
      });
      const body = response.json<LegacyPage<LegacyMerchantQueueItem>>();
      expect(body.TotalCount).toBe(ids.length);
      legacy.push(...body.Items.map((item) => item.MerchantId));
    }
    expect(legacy).toEqual(ids);
  });

  it('filters by status and counts the filtered queue; the next link keeps the filter', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const made = await storesOneMinuteApart(app, clock, 3);
    await call(app, 'POST', `/api/v1/review/stores/${made[0]?.store.id}/decline/`, {
      token: staff,
      body: { reason: 'No logo' },
    });
    const declined = await walk(app, staff, '/api/v1/review/stores/?status=declined&page_size=1');
    expect(declined.pages.flatMap((page) => page.results.map((entry) => entry.status))).toEqual(
      declined.ids.map(() => 'declined'),
    );
    expect(declined.ids).toContain(made[0]?.store.id);
    expect(declined.ids.length).toBe(declined.pages[0]?.count);
    const pending = await walk(app, staff, '/api/v1/review/stores/?status=pending&page_size=2');
    expect(pending.ids.length).toBe(pending.pages[0]?.count);
    expect(pending.ids).toEqual(expect.arrayContaining([made[1]?.store.id, made[2]?.store.id]));
    expect(pending.ids).not.toContain(made[0]?.store.id);
  });

  it('moves a resubmitted store to the end of the pending queue', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const [first, second] = await storesOneMinuteApart(app, clock, 2);
    await call(app, 'POST', `/api/v1/review/stores/${first?.store.id}/decline/`, {
      token: staff,
      body: { reason: 'No logo' },
    });
    clock.advance(60_000);
    const last = await merchantWithStore(app);
    clock.advance(60_000);
    await call(app, 'PUT', `/api/v1/stores/${first?.store.slug}/`, {
      token: first?.token,
      body: { name: 'Renamed shop' },
    });

    const { pages, ids } = await walk(
      app,
      staff,
      '/api/v1/review/stores/?status=pending&page_size=2',
    );
    expect(ids[ids.length - 1]).toBe(first?.store.id);
    expect(ids.indexOf(second?.store.id ?? 0)).toBeLessThan(ids.indexOf(last.store.id));
    const entry = pages.flatMap((page) => page.results).find((e) => e.store.id === first?.store.id);
    expect(entry?.queued_at).toBe(clock.now().toISOString());
  });

  it('finds stores by a prefix of their slug, any case, spaces read as hyphens', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await merchantWithStore(app);
    const prefix = store.slug.split('-').slice(0, 2).join(' ').toUpperCase();
    const found = (
      await call(app, 'GET', '/api/v1/review/stores/', { token: staff, query: { search: prefix } })
    ).json<ReviewQueue>();
    expect(found).toMatchObject({ count: 1, next: null, previous: null });
    expect(found.results.map((entry) => entry.store.id)).toEqual([store.id]);
    const none = (
      await call(app, 'GET', '/api/v1/review/stores/', { token: staff, query: { search: '100%_' } })
    ).json<ReviewQueue>();
    expect(none).toMatchObject({ count: 0, results: [] });
  });

  it('answers 20 stores a page by default, at most 100, with DRF field errors', async () => {
    const { app, clock } = ctx();
    await storesOneMinuteApart(app, clock, 21);
    // Signed in after the clock moved on, so the access token is still fresh.
    const staff = await staffToken(app);
    const first = (
      await call(app, 'GET', '/api/v1/review/stores/', { token: staff })
    ).json<ReviewQueue>();
    expect(first.results).toHaveLength(20);
    expect(first.next).toMatch(/^http:\/\/[^/]+\/api\/v1\/review\/stores\/\?cursor=/);
    const cases: [string, string][] = [
      ['0', 'Ensure this value is greater than or equal to 1.'],
      ['101', 'Ensure this value is less than or equal to 100.'],
      ['ten', 'A valid integer is required.'],
    ];
    for (const [size, message] of cases) {
      const response = await call(app, 'GET', `/api/v1/review/stores/?page_size=${size}`, {
        token: staff,
      });
      expect(response.statusCode, size).toBe(400);
      expect(response.json(), size).toEqual({ page_size: [message] });
    }
    expect(
      (await call(app, 'GET', '/api/v1/review/stores/?page_size=100', { token: staff })).statusCode,
    ).toBe(200);
    const bad = await call(app, 'GET', '/api/v1/review/stores/?cursor=not-a-cursor', {
      token: staff,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ detail: 'Invalid cursor' });
    const forged = Buffer.from(JSON.stringify(['n', 0, '2026-02-30T00:00:00.000000Z', 1])).toString(
      'base64url',
    );
    expect(
      (await call(app, 'GET', `/api/v1/review/stores/?cursor=${forged}`, { token: staff }))
        .statusCode,
    ).toBe(404);
  });

  it('is staff only, paged or not: 401 without a session, 403 for a merchant', async () => {
    const { app } = ctx();
    const { token } = await register(app);
    for (const url of [
      '/api/v1/review/stores/?page_size=5',
      '/api/v1/review/stores/?status=pending&search=shop',
    ]) {
      expect((await call(app, 'GET', url)).statusCode, url).toBe(401);
      const merchant = await call(app, 'GET', url, { token });
      expect(merchant.statusCode, url).toBe(403);
      expect(merchant.json()).toEqual({ message: MESSAGES.forbidden, detail: MESSAGES.forbidden });
    }
  });
});
