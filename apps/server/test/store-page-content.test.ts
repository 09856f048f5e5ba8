import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { getClientConfig } from '@cc/config';
import { call, dayOffset, describeEachDatabase } from './helpers';
import { liveStore, staffToken } from './review-fixtures';

type LdNode = {
  '@type': string;
  name?: string;
  description?: string;
  validFrom?: string;
  validThrough?: string;
  offeredBy?: { '@id': string };
  '@id'?: string;
};

function jsonLd(html: string): { '@context': string; '@graph': LdNode[] } {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as { '@context': string; '@graph': LdNode[] };
}

describeEachDatabase('public store page content', (ctx) => {
  it('escapes coupon text: a description with markup renders as text, also inside the JSON-LD', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const evil = '<script>alert("x")</script> & <b>bold</b>';
    const { store } = await liveStore(app, staff, [
      { description: evil, title: '</script><img src=x onerror=alert(1)>', discount_code: '"><i>' },
    ]);
    const html = (await call(app, 'GET', `/stores/${store.slug}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('"><i>');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    // Only the page's own two script elements: the JSON-LD and the page script's tag.
    expect(html.match(/<script/g)).toHaveLength(2);
    const offer = jsonLd(html)['@graph'].find((node) => node['@type'] === 'Offer');
    expect(offer?.description).toBe(evil);
  });

  it('embeds schema.org JSON-LD: an Organization and an Offer per coupon with validFrom/validThrough', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const [tenOffFrom, tenOffThrough, foreverFrom] = [
      dayOffset(clock, -20),
      dayOffset(clock, 40),
      dayOffset(clock, -19),
    ];
    const { store, couponIds } = await liveStore(app, staff, [
      { description: 'Ten off', start_date: tenOffFrom, expiration_date: tenOffThrough },
      { description: 'Forever', start_date: foreverFrom, expiration_date: null },
    ]);
    const html = (await call(app, 'GET', `/stores/${store.slug}`)).body;
    const ld = jsonLd(html);
    expect(ld['@context']).toBe('https://schema.org');
    const org = ld['@graph'].filter((node) => node['@type'] === 'Organization');
    expect(org).toEqual([
      expect.objectContaining({ name: store.name, url: 'http://example.com/' }),
    ]);
    const offers = ld['@graph'].filter((node) => node['@type'] === 'Offer');
    expect(offers.map((o) => [o.description, o.validFrom, o.validThrough])).toEqual([
      ['Ten off', tenOffFrom, tenOffThrough],
      ['Forever', foreverFrom, undefined],
    ]);
    for (const offer of offers) {
      expect(offer.offeredBy?.['@id']).toBe(org[0]?.['@id']);
      expect(Number.isNaN(Date.parse(offer.validFrom ?? ''))).toBe(false);
    }
    expect(offers[0]?.['@id']).toContain(`#coupon-${couponIds[0]}`);
  });

  it('has a title, a meta description and the canonical URL on the brand origin', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff);
    const html = (await call(app, 'GET', `/stores/${store.slug}`)).body;
    expect(html).toContain(`<title>${store.name} Vouchers | VoucherNest.co.uk</title>`);
    expect(html).toMatch(/<meta name="description" content="1 vouchers for [^"]+: 20% OFF\."\/>/);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:4007/stores/${store.slug}"/>`,
    );
  });

  it("links its brand's stylesheet and the page script, served compressed and cached for good, and allows nothing else", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff);
    const page = await call(app, 'GET', `/stores/${store.slug}`);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"\/>/.exec(page.body)?.[1] ?? '';
    const script = /<script src="([^"]+)" defer=""><\/script>/.exec(page.body)?.[1] ?? '';
    expect(stylesheet).toMatch(/^\/stores\/_assets\/uk\.[0-9a-f]{12}\.css$/);
    expect(script).toMatch(/^\/stores\/_assets\/page\.[0-9a-f]{12}\.js$/);

    const css = await call(app, 'GET', stylesheet, { headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['content-encoding']).toBe('br');
    // The brand's palette: VoucherNest's primary colour.
    expect(brotliDecompressSync(css.rawPayload).toString('utf8')).toContain(
      getClientConfig(7).palette.primary,
    );
    const js = await call(app, 'GET', script);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain("send('type=view')");
    expect(
      (await call(app, 'GET', script, { headers: { 'if-none-match': String(js.headers.etag) } }))
        .statusCode,
    ).toBe(304);
    expect((await call(app, 'GET', '/stores/_assets/page.000000000000.js')).statusCode).toBe(404);

    // Another brand's page (here its 404) links that brand's stylesheet, and no script.
    const promo = await call(app, 'GET', '/stores/no-such-store', {
      headers: { 'x-site-key': '8' },
    });
    expect(promo.body).toMatch(
      /<link rel="stylesheet" href="\/stores\/_assets\/us-promo\.[0-9a-f]{12}\.css"\/>/,
    );
    expect(promo.body).not.toContain('<script');

    // The policy admits only these same-origin files and the one noscript style, by hash.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    const noscript = /<noscript><style>([^<]*)<\/style><\/noscript>/.exec(page.body)?.[1] ?? '';
    expect(csp).toContain(
      `style-src 'self' 'sha256-${createHash('sha256').update(noscript).digest('base64')}'`,
    );
    expect(page.body).not.toMatch(/<script>|<style>(?!\.code)/);
  });
});
