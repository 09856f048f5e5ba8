import { expect, it } from 'vitest';
import { expiryCue } from '../src/public-pages/coupon-card';
import { call, dayOffset, describeEachDatabase } from './helpers';
import { liveStore, staffToken, subscribe } from './review-fixtures';

const DAY = 24 * 3600 * 1000;

/** The card of the coupon with this id, as the page has it. */
function card(html: string, id: number | undefined): string {
  const match = new RegExp(`<li class="coupon" id="coupon-${id}">([\\s\\S]*?)</li>`).exec(html);
  if (!match?.[1]) throw new Error(`no card for coupon ${id}`);
  return match[1];
}

it('writes expiry cues in the brand locale: Ends today, Ends tomorrow, Expires 28 Nov (Nov 28 in the US), the year when not this one', () => {
  expect(expiryCue('2026-11-24', '2026-11-24', 'en-GB')).toBe('Ends today');
  expect(expiryCue('2026-11-25', '2026-11-24', 'en-US')).toBe('Ends tomorrow');
  expect(expiryCue('2026-11-28', '2026-11-24', 'en-GB')).toBe('Expires 28 Nov');
  expect(expiryCue('2026-11-28', '2026-11-24', 'en-US')).toBe('Expires Nov 28');
  expect(expiryCue('2027-01-03', '2026-11-24', 'en-GB')).toBe('Expires 3 Jan 2027');
  expect(expiryCue(null, '2026-11-24', 'en-GB')).toBe('');
});

describeEachDatabase('public store page cards', (ctx) => {
  it("states each offer once; a code is behind 'Show code' with its copy button and the question, a deal is 'Get deal'", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff, [
      { description: 'With a code', discount_code: 'SAVE20', expiration_date: dayOffset(clock, 0) },
      { description: 'A deal', discount_code: '', expiration_date: dayOffset(clock, 1) },
    ]);
    const [coded, deal] = couponIds;
    const html = (await call(app, 'GET', `/stores/${store.slug}`)).body;
    const code = card(html, coded);
    expect(code.match(/20% OFF/g)).toHaveLength(1);
    expect(code).toContain('<h2>20% OFF</h2>');
    expect(code).toContain(
      `<a class="use reveal" href="/stores/${store.slug}/go/${coded}" target="_blank" rel="noopener nofollow" data-coupon="${coded}">`,
    );
    expect(code).toContain('<span class="label">Show code</span>');
    expect(code).toMatch(
      /<div class="code" id="code-\d+" hidden=""><code>SAVE20<\/code><button type="button" class="copy" data-code="SAVE20">Copy<\/button><\/div>/,
    );
    expect(code).toContain('Did this code work?');
    expect(code).toContain('Ends today');
    const other = card(html, deal);
    expect(other).toContain(`<a class="use deal" href="/stores/${store.slug}/go/${deal}"`);
    expect(other).toContain('>Get deal</a>');
    expect(other).not.toContain('Show code');
    expect(other).not.toContain('Did this code work?');
    expect(other).toContain('Ends tomorrow');
    expect(html).toContain('<span class="verified">Verified store</span>');
  });

  it("marks a code Verified when most of the last 30 days' answers (3 or more) say it worked, from the next day's page", async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const { store, couponIds } = await liveStore(app, staff, [
      { description: 'Works', start_date: dayOffset(clock, -5) },
      { description: 'Fails', start_date: dayOffset(clock, -5) },
    ]);
    const [works, fails] = couponIds;
    const answer = (coupon: number | undefined, worked: boolean, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: `/stores/${store.slug}/feedback`,
        payload: { coupon, worked },
        remoteAddress,
      });
    expect(card((await call(app, 'GET', `/stores/${store.slug}`)).body, works)).not.toContain(
      'class="verified"',
    );
    for (const [index, worked] of [true, true, true, false].entries()) {
      await answer(works, worked, `198.51.100.${index + 1}`);
      await answer(fails, !worked, `198.51.100.${index + 1}`);
    }
    // The subscription runs on; the page is rendered again the next day with the answers.
    await subscribe(app, store.id, 'active', { start: clock.now() });
    clock.advance(DAY);
    const html = (await call(app, 'GET', `/stores/${store.slug}`)).body;
    expect(card(html, works)).toContain(
      '<span class="verified">Verified</span><span class="rate">75% say it worked</span>',
    );
    expect(card(html, fails)).toContain('<span class="rate">25% say it worked</span>');
    expect(card(html, fails)).not.toContain('class="verified"');
  });
});
