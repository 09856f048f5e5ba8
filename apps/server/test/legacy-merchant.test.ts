import { expect, it } from 'vitest';
import type { LegacyMerchant, LegacyMerchantSnippet, LegacyPage } from '@cc/contract';
import { call, dayOffset, describeEachDatabase, until } from './helpers';
import { catalogueMerchant, everyItem, HIDDEN_STATES, publicGet, tag } from './legacy-fixtures';
import { staffToken, subscribe } from './review-fixtures';

describeEachDatabase('legacy Merchant calls: the coupon site shows merchants A to Z', (ctx) => {
  const names = (items: LegacyMerchant[], mark: string) =>
    items.filter((m) => m.Name.includes(mark)).map((m) => m.Name);

  it("Merchant/List answers the brand's live merchants A to Z in a { Items, TotalCount, Page, PageSize } page", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const mark = tag();
    for (const name of [
      `zeta ${mark}`,
      `Alpha ${mark}`,
      `Émile ${mark}`,
      `7 Seas ${mark}`,
      `beta ${mark}`,
    ]) {
      await catalogueMerchant(app, staff, { name, client: 8 });
    }
    const first = await publicGet(app, '/api/Merchant/List', 8);
    expect(first.statusCode).toBe(200);
    expect(first.json<LegacyPage<LegacyMerchant>>()).toMatchObject({ Page: 1, PageSize: 20 });
    const all = await everyItem<LegacyMerchant>(app, '/api/Merchant/List', 8);
    expect(names(all, mark)).toEqual([
      `7 Seas ${mark}`,
      `Alpha ${mark}`,
      `beta ${mark}`,
      `Émile ${mark}`,
      `zeta ${mark}`,
    ]);
    // Another brand's coupon site never sees them.
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/List', 10), mark)).toEqual([]);
  });

  it('answers one shape per merchant: id, name, slug, brand, logo, page URL, website, category, review state and current coupons', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store } = await catalogueMerchant(app, staff, {
      name: `Shape ${tag()}`,
      coupons: [{}, { description: 'Scheduled', start_date: dayOffset(clock, 3) }],
    });
    const merchant = (await publicGet(app, `/api/Merchant/id/${store.id}`)).json<LegacyMerchant>();
    expect(merchant).toEqual({
      MerchantId: store.id,
      Name: store.name,
      Slug: store.slug,
      ClientId: 7,
      LogoUrl: '',
      Url: `http://localhost:4007/stores/${store.slug}`,
      WebsiteUrl: 'http://example.com',
      CategoryId: 1536,
      Location: 'uk',
      Status: 'approved',
      DeclineReason: '',
      IsLive: true,
      CouponCount: 1,
    });
  });

  it('pages lists with page and pageSize (at most 100); a page past the end is empty; bad values are 400', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    for (let i = 0; i < 3; i += 1) await catalogueMerchant(app, staff, { client: 10 });
    const all = await everyItem<LegacyMerchant>(app, '/api/Merchant/List', 10);
    const second = (await publicGet(app, '/api/Merchant/List?page=2&pageSize=2', 10)).json<
      LegacyPage<LegacyMerchant>
    >();
    expect(second).toEqual({
      Items: all.slice(2, 4),
      TotalCount: all.length,
      Page: 2,
      PageSize: 2,
    });
    const past = (
      await publicGet(app, `/api/Merchant/List?page=${all.length + 1}&pageSize=1`, 10)
    ).json<LegacyPage<LegacyMerchant>>();
    expect(past).toMatchObject({ Items: [], TotalCount: all.length });
    const bad = await publicGet(app, '/api/Merchant/List?page=0&pageSize=101', 10);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      page: ['Ensure this value is greater than or equal to 1.'],
      pageSize: ['Ensure this value is less than or equal to 100.'],
    });
    expect((await publicGet(app, '/api/Merchant/List?page=two', 10)).json()).toEqual({
      page: ['A valid integer is required.'],
    });
  });

  it("answers the same pages whether this instance holds the brand's names A to Z or reads them", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const mark = tag();
    const current = { description: 'Now' };
    const scheduled = { description: 'Soon', start_date: dayOffset(clock, 3) };
    const expired = {
      description: 'Gone',
      start_date: dayOffset(clock, -40),
      expiration_date: dayOffset(clock, -1),
    };
    for (const [name, coupons] of [
      [`Épice ${mark}`, [current, scheduled, expired, current]],
      [`eagle ${mark}`, [expired]],
      [`Eel ${mark}`, [current]],
      [`2 Fold ${mark}`, []],
    ] as const) {
      await catalogueMerchant(app, staff, { name, client: 10, coupons: [...coupons] });
    }
    await catalogueMerchant(app, staff, { name: `Echo ${mark}`, client: 10, state: 'canceled' });
    const urls = [
      '/api/Merchant/List?pageSize=100',
      '/api/Merchant/List?page=2&pageSize=2',
      '/api/Merchant/letter/e?pageSize=100',
    ];
    const lookups = async () => {
      const metrics = (await call(app, 'GET', '/metrics')).body;
      return (result: string) =>
        Number(
          metrics
            .split('\n')
            .find((line) =>
              line.startsWith(
                `cc_cache_lookups_total{cache="legacy_catalogue",result="${result}"} `,
              ),
            )
            ?.split(' ')
            .pop(),
        );
    };
    // Each read right after a store changed (a pending store: not listed), so nothing is held.
    const start = await lookups();
    const paged: LegacyPage<LegacyMerchant>[] = [];
    for (const url of urls) {
      await catalogueMerchant(app, staff, { client: 10, state: 'pending' });
      paged.push((await publicGet(app, url, 10)).json<LegacyPage<LegacyMerchant>>());
    }
    const [all] = paged;
    expect(all && names(all.Items, mark)).toEqual([
      `2 Fold ${mark}`,
      `eagle ${mark}`,
      `Eel ${mark}`,
      `Épice ${mark}`,
    ]);
    expect(all?.Items.filter((m) => m.Name.includes(mark)).map((m) => m.CouponCount)).toEqual([
      0, 0, 1, 2,
    ]);
    expect((await lookups())('hit') - start('hit')).toBe(0);
    // Read again: the brand's names A to Z come from this instance's copy, the answers the same.
    // The last write's notification may still arrive after a read filled the copy and drop it
    // once, so the reads repeat until one round is answered from the copy alone.
    const hitsInRound = await until(
      async () => {
        const before = await lookups();
        for (const [i, url] of urls.entries())
          expect((await publicGet(app, url, 10)).json(), url).toEqual(paged[i]);
        return (await lookups())('hit') - before('hit');
      },
      (hits) => hits === urls.length,
    );
    expect(hitsInRound).toBe(urls.length);
  });

  it('Merchant/letter/{letter} answers the merchants starting with the letter in either case, and 0-9 those starting with a digit', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const mark = tag();
    for (const name of [
      `Quokka ${mark}`,
      `quince ${mark}`,
      `Óquila ${mark}`,
      `99 Flakes ${mark}`,
      `Rhubarb ${mark}`,
    ]) {
      await catalogueMerchant(app, staff, { name });
    }
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/letter/q'), mark)).toEqual([
      `quince ${mark}`,
      `Quokka ${mark}`,
    ]);
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/letter/Q'), mark)).toEqual([
      `quince ${mark}`,
      `Quokka ${mark}`,
    ]);
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/letter/o'), mark)).toEqual([
      `Óquila ${mark}`,
    ]);
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/letter/0-9'), mark)).toEqual([
      `99 Flakes ${mark}`,
    ]);
    for (const letter of ['qq', '1', '%C3%A9', '-'])
      expect((await publicGet(app, `/api/Merchant/letter/${letter}`)).statusCode).toBe(404);
  });

  it("Merchant/id/{id} and slug/{slug} answer a live merchant of the brand; an unknown one or another brand's is 404", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await catalogueMerchant(app, staff);
    expect(
      (await publicGet(app, `/api/Merchant/slug/${store.slug}`)).json<LegacyMerchant>().MerchantId,
    ).toBe(store.id);
    for (const url of [
      `/api/Merchant/id/${store.id}`,
      `/api/Merchant/slug/${store.slug}`,
      `/api/Merchant/id/${store.id}/snippet`,
    ]) {
      const foreign = await publicGet(app, url, 8);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json()).toEqual({ message: 'Not found.', detail: 'Not found.' });
    }
    expect((await publicGet(app, '/api/Merchant/id/2147483647')).statusCode).toBe(404);
    expect((await publicGet(app, '/api/Merchant/id/abc')).statusCode).toBe(404);
    expect((await publicGet(app, '/api/Merchant/slug/no-such-store')).statusCode).toBe(404);
  });

  it("Merchant/id/{id}/snippet answers the merchant, its current coupons in the merchant's order and an escaped HTML fragment", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { token, store, couponIds } = await catalogueMerchant(app, staff, {
      name: `<Snip> & Co ${tag()}`,
      coupons: [
        { description: 'First <b>deal</b>' },
        {
          description: 'Expired',
          start_date: dayOffset(clock, -40),
          expiration_date: dayOffset(clock, -1),
        },
        { description: 'Second', title: '', offer_type: 'free_shipping' },
      ],
    });
    const items = [couponIds[2], couponIds[0], couponIds[1]].map((id, i) => ({
      id: String(id),
      sort_number: String(i + 1),
    }));
    expect(
      (await call(app, 'POST', '/api/v1/coupons/sort-coupons/', { token, body: { items } }))
        .statusCode,
    ).toBe(200);
    const snippet = (
      await publicGet(app, `/api/Merchant/id/${store.id}/snippet`)
    ).json<LegacyMerchantSnippet>();
    expect(snippet.Merchant).toMatchObject({ MerchantId: store.id, CouponCount: 2 });
    expect(snippet.Coupons.map((c) => [c.Description, c.Headline])).toEqual([
      ['Second', 'Free Shipping'],
      ['First <b>deal</b>', '20% OFF'],
    ]);
    expect(snippet.Html).toContain('&lt;Snip&gt; &amp; Co');
    expect(snippet.Html).toContain('First &lt;b&gt;deal&lt;/b&gt;');
    expect(snippet.Html).not.toContain('<b>');
    expect(snippet.Html).toContain(
      `href="http://localhost:4007/stores/${store.slug}/go/${couponIds[2]}"`,
    );
    expect(snippet.Html).not.toContain('Expired');
  });

  it('never shows a pending, declined, unpaid, canceled or lapsed (past_due beyond the grace days) store', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const mark = tag();
    const hidden = [];
    for (const state of HIDDEN_STATES)
      hidden.push(await catalogueMerchant(app, staff, { name: `Hidden ${state} ${mark}`, state }));
    const shown = await catalogueMerchant(app, staff, { name: `Hidden live ${mark}` });
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/List'), mark)).toEqual([
      `Hidden live ${mark}`,
    ]);
    expect(names(await everyItem<LegacyMerchant>(app, '/api/Merchant/letter/h'), mark)).toEqual([
      `Hidden live ${mark}`,
    ]);
    for (const { store } of hidden) {
      for (const url of [
        `/api/Merchant/id/${store.id}`,
        `/api/Merchant/slug/${store.slug}`,
        `/api/Merchant/id/${store.id}/snippet`,
      ]) {
        expect((await publicGet(app, url)).statusCode, `${store.name} ${url}`).toBe(404);
      }
    }
    expect((await publicGet(app, `/api/Merchant/id/${shown.store.id}`)).statusCode).toBe(200);
  });

  it('keeps a past_due store live through the 7 grace days after its unpaid period, then drops it', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store } = await catalogueMerchant(app, staff, { state: 'unpaid' });
    await subscribe(app, store.id, 'past_due', {
      periodEnd: new Date(clock.now().getTime() - 6 * 86_400_000),
    });
    expect((await publicGet(app, `/api/Merchant/id/${store.id}`)).statusCode).toBe(200);
    clock.advance(86_400_000 + 60_000);
    expect((await publicGet(app, `/api/Merchant/id/${store.id}`)).statusCode).toBe(404);
  });
});
