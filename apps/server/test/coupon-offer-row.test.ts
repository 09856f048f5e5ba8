import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeOffer, type Coupon, type Offer } from '@cc/contract';
import { decodeOfferRow, encodeOfferRow, type OfferRow } from '../src/coupons/offer-row';
import { coupons } from '../src/coupons/schema';
import { call, couponBody, describeEachDatabase, merchantWithStore } from './helpers';

const row = (columns: Partial<OfferRow>): OfferRow => ({
  offerType: 'sitewide_percent',
  title: '',
  savingsAmount: null,
  savingsPercent: null,
  savingsMinimumOrder: null,
  minimumOrderAmount: null,
  startDate: '2026-11-01',
  expirationDate: '2026-12-01',
  ...columns,
});

const offer = (fields: Partial<Offer>): Offer => ({
  type: 'sitewide_percent',
  savings: 20,
  isSavingsRange: false,
  minimumOrder: null,
  title: '20% OFF',
  startsOn: '2026-11-01',
  expiresOn: '2026-12-01',
  ...fields,
});

/** One offer of each kind, with and without a range, an expiry and a minimum order. */
const OFFERS: Offer[] = [
  offer({ minimumOrder: 10 }),
  offer({ type: 'sale_percent', savings: 12.5, isSavingsRange: true, title: 'UP TO 12.5% OFF' }),
  offer({ type: 'sitewide_amount', savings: 15.5, title: '£15.50 OFF', expiresOn: null }),
  offer({
    type: 'sale_amount',
    savings: 1250,
    isSavingsRange: true,
    title: 'UP TO £1,250 OFF',
    startsOn: null,
  }),
  offer({ type: 'free_shipping', savings: null, title: 'Free Shipping', minimumOrder: 35 }),
  offer({ type: 'other', savings: 3, title: 'Sale' }),
];

describe("a coupon row's offer", () => {
  it.each([
    [
      'a percent type reads its percent, not the amount beside it',
      row({
        offerType: 'sale_percent',
        title: 'up to 30% OFF',
        savingsAmount: '4.00',
        savingsPercent: '30.00',
      }),
      {
        type: 'sale_percent',
        savings: 30,
        isSavingsRange: true,
        minimumOrder: null,
        title: 'up to 30% OFF',
        startsOn: '2026-11-01',
        expiresOn: '2026-12-01',
      },
    ],
    [
      'an amount type kept in the percent reads the percent; the minimum order from minimum_order_amount',
      row({
        offerType: 'sale_amount',
        title: '£15 OFF',
        savingsPercent: '15.00',
        minimumOrderAmount: '35.00',
      }),
      {
        type: 'sale_amount',
        savings: 15,
        isSavingsRange: false,
        minimumOrder: 35,
        title: '£15 OFF',
        startsOn: '2026-11-01',
        expiresOn: '2026-12-01',
      },
    ],
    [
      'free shipping saves nothing; no expiry stays none',
      row({
        offerType: 'free_shipping',
        title: 'Free Shipping',
        savingsAmount: '9.99',
        savingsMinimumOrder: '50.00',
        expirationDate: null,
      }),
      {
        type: 'free_shipping',
        savings: null,
        isSavingsRange: false,
        minimumOrder: 50,
        title: 'Free Shipping',
        startsOn: '2026-11-01',
        expiresOn: null,
      },
    ],
  ] as const)('%s', (_, columns, expected) => {
    expect(decodeOfferRow(columns)).toEqual(expected);
  });

  it('is written as the columns hold it: two-decimal text, the saving in its one figure', () => {
    expect(encodeOfferRow(OFFERS[1] as Offer)).toEqual(
      row({ offerType: 'sale_percent', title: 'UP TO 12.5% OFF', savingsPercent: '12.50' }),
    );
    expect(encodeOfferRow(OFFERS[4] as Offer)).toEqual(
      row({ offerType: 'free_shipping', title: 'Free Shipping', savingsMinimumOrder: '35.00' }),
    );
  });

  it.each(OFFERS)('comes back the same from its columns: $type, $title', (sent) => {
    expect(decodeOfferRow(encodeOfferRow(sent))).toEqual(sent);
  });
});

describeEachDatabase('a stored coupon reads back as the offer it was saved with', (ctx) => {
  const rowsOf = (storeId: number) =>
    ctx()
      .database.db.select()
      .from(coupons)
      .where(eq(coupons.storeId, storeId))
      .orderBy(coupons.sortNumber);

  it("through the coupon form's body (the wire) and the table's numeric and date columns", async () => {
    const { app } = ctx();
    const { token, store } = await merchantWithStore(app);
    for (const sent of OFFERS) {
      const response = await call(app, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(ctx().clock, { store: store.id, ...encodeOffer(sent) }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<Coupon>().expiration_date).toBe(sent.expiresOn);
    }
    expect((await rowsOf(store.id)).map(decodeOfferRow)).toEqual(OFFERS);
  });

  it('through its own columns, as the demo seed writes them', async () => {
    const { store } = await merchantWithStore(ctx().app);
    await ctx()
      .database.db.insert(coupons)
      .values(
        OFFERS.map((sent, index) => ({
          storeId: store.id,
          description: `Offer ${index + 1}`,
          ...encodeOfferRow(sent),
          sortNumber: index + 1,
          createdAt: ctx().clock.now(),
        })),
      );
    expect((await rowsOf(store.id)).map(decodeOfferRow)).toEqual(OFFERS);
  });
});
