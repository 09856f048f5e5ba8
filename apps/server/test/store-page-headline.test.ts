import { expect, it } from 'vitest';
import type { LegacyCoupon, LegacyPage } from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { publicGet } from './legacy-fixtures';
import { liveStore, staffToken } from './review-fixtures';

/** Coupons without a title: the headline is written from the offer (SPEC section 4, preview text). */
const UNTITLED = [
  {
    description: 'Pence',
    offer_type: 'sale_amount',
    savings_amount: '20.50',
    savings_percent: null,
  },
  {
    description: 'Whole',
    offer_type: 'sitewide_amount',
    savings_amount: 20,
    savings_percent: null,
  },
  {
    description: 'Thousands',
    offer_type: 'sale_amount',
    savings_amount: '1250',
    savings_percent: null,
  },
  { description: 'Percent', offer_type: 'sale_percent', savings_percent: '15.5' },
  { description: 'Shipping', offer_type: 'free_shipping', savings_percent: null },
  { description: 'Other', offer_type: 'other', savings_percent: null },
].map((coupon) => ({ ...coupon, title: '' }));

const HEADLINES = ['£20.50 OFF', '£20 OFF', '£1,250 OFF', '15.5% OFF', 'Free Shipping', 'Sale'];

describeEachDatabase('offer headlines of coupons without a title', (ctx) => {
  it("writes the public store page's headlines with the one offer rule, in the brand's money", async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff, UNTITLED);
    const html = (await call(app, 'GET', `/stores/${store.slug}`)).body;
    const headings = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(HEADLINES);
    expect(html).toContain(
      `6 vouchers for ${store.name} on VoucherNest.co.uk: ${HEADLINES.join(', ')}.`,
    );
  });

  it('answers the same headlines in the legacy catalogue, with the savings range read from the title', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    const { store } = await liveStore(app, staff, [
      ...UNTITLED,
      {
        description: 'Range',
        offer_type: 'sale_amount',
        savings_amount: '30',
        title: 'UP TO £30 OFF',
      },
    ]);
    const coupons = (await publicGet(app, `/api/Coupon/store/${store.id}`)).json<
      LegacyPage<LegacyCoupon>
    >();
    expect(coupons.Items.map((coupon) => coupon.Headline)).toEqual([...HEADLINES, 'UP TO £30 OFF']);
    expect(coupons.Items.map((coupon) => coupon.IsSavingsRange)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
