import { expect, it } from 'vitest';
import {
  LEGACY_MESSAGES,
  MESSAGES,
  type LegacyInvoice,
  type LegacyPage,
  type LegacyPaymentMethod,
  type LegacyPaymentSession,
} from '@cc/contract';
import { call, describeEachDatabase } from './helpers';
import { GOOD_CARD, merchant, openLink, subscribe, type Merchant } from './fakes/checkout-browser';
import { expectEachUnauthorized } from './legacy-fixtures';

describeEachDatabase(
  "legacy Payment calls: the merchant's own cards, invoices and payment pages",
  (ctx) => {
    const EMPTY = { message: LEGACY_MESSAGES.emptySequence, detail: LEGACY_MESSAGES.emptySequence };
    const NOT_FOUND = { message: 'Not found.', detail: 'Not found.' };
    const as = async (m: Merchant, method: 'GET' | 'POST' | 'DELETE', url: string) =>
      call(ctx().app, method, url, { token: await m.token() });
    /** Cancels (at the end of the paid period), then lets the period run out: the subscription ends. */
    const cancel = async (m: Merchant) => {
      const { app, clock } = ctx();
      const response = await call(app, 'POST', '/api/v1/stripe-update-subscription/', {
        token: await m.token(),
        body: { status: 'canceled' },
      });
      expect(response.statusCode).toBe(200);
      clock.advance(32 * 24 * 60 * 60 * 1000);
      await app.billing.runRenewals();
    };
    const cardIds = async (m: Merchant) => {
      const cards = (
        await call(ctx().app, 'GET', '/api/v1/payment-methods/', { token: await m.token() })
      ).json<{ id: string; last4: string }[]>();
      return Object.fromEntries(cards.map((card) => [card.last4, card.id]));
    };
    const listed = (response: { json: <T>() => T }) =>
      response.json<LegacyPaymentMethod[]>().map((c) => [c.Last4, c.IsDefault]);
    const setDefault = (m: Merchant, merchantId: number, card = '') =>
      as(
        m,
        'POST',
        `/api/Payment/SetDefaultMethod?merchantId=${merchantId}${card ? `&paymentMethod=${card}` : ''}`,
      );
    const remove = (m: Merchant, card = '') =>
      as(m, 'DELETE', `/api/Payment/Delete${card ? `?paymentMethodId=${card}` : ''}`);
    const session = (m: Merchant, returnUrl: string, merchantId = m.store.id) =>
      as(
        m,
        'GET',
        `/api/Payment/Session?merchantId=${merchantId}&returnUrl=${encodeURIComponent(returnUrl)}`,
      );

    /** A merchant who paid with a first card (4242), canceled, and paid again with a second (4444). */
    async function twoCards(): Promise<Merchant> {
      const m = await merchant(ctx().app);
      await subscribe(ctx().app, await m.token());
      await cancel(m);
      await subscribe(ctx().app, await m.token(), {
        ...GOOD_CARD,
        card_number: '5555 5555 5555 4444',
      });
      return m;
    }

    it("needs the merchant's token: 401 without one, for every Payment call", async () => {
      await expectEachUnauthorized(ctx().app, [
        ['DELETE', '/api/Payment/Delete?paymentMethodId=pm_1'],
        ['GET', '/api/Payment/GetInvoices?merchantId=1'],
        ['POST', '/api/Payment/SetDefaultMethod?merchantId=1&paymentMethod=pm_1'],
        ['GET', '/api/Payment/Session?merchantId=1&returnUrl=http://localhost:4007/payment'],
      ]);
    });

    it("a store with no payment data answers 'Sequence contains no elements' on every Payment call", async () => {
      const m = await merchant(ctx().app);
      const answers = [
        await remove(m, 'pm_1'),
        await as(m, 'GET', `/api/Payment/GetInvoices?merchantId=${m.store.id}`),
        await setDefault(m, m.store.id, 'pm_1'),
        await session(m, 'http://localhost:4007/payment'),
      ];
      expect(answers.map((response) => [response.statusCode, response.json<unknown>()])).toEqual(
        answers.map(() => [404, EMPTY]),
      );
    });

    it("GetInvoices answers the paid invoices of the caller's store, newest first, in pages; another merchant's is 404", async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      await subscribe(app, await m.token());
      clock.advance(60_000);
      await cancel(m);
      await subscribe(app, await m.token());
      const response = await as(m, 'GET', `/api/Payment/GetInvoices?merchantId=${m.store.id}`);
      expect(response.statusCode).toBe(200);
      const invoices = response.json<LegacyPage<LegacyInvoice>>();
      expect(invoices).toMatchObject({ TotalCount: 2, Page: 1, PageSize: 20 });
      expect(invoices.Items[0]).toMatchObject({
        MerchantId: m.store.id,
        Currency: 'gbp',
        Amount: 1999,
      });
      expect(invoices.Items[0]?.ReceiptUrl).toMatch(
        /^http:\/\/localhost:4007\/checkout\/receipts\//,
      );
      const created = invoices.Items.map((i) => i.Created);
      expect(created).toEqual([...created].sort((a, b) => b - a));
      const second = await as(
        m,
        'GET',
        `/api/Payment/GetInvoices?merchantId=${m.store.id}&page=2&pageSize=1`,
      );
      expect(second.json<LegacyPage<LegacyInvoice>>().Items).toEqual([invoices.Items[1]]);
      const other = await merchant(app);
      expect(
        (await as(other, 'GET', `/api/Payment/GetInvoices?merchantId=${m.store.id}`)).json(),
      ).toEqual(NOT_FOUND);
      expect((await as(m, 'GET', '/api/Payment/GetInvoices')).json()).toEqual({
        merchantId: [MESSAGES.required],
      });
    });

    it("SetDefaultMethod makes one of the caller's cards the default and answers the cards; another's card or store is 404", async () => {
      const { app } = ctx();
      const m = await twoCards();
      const ids = await cardIds(m);
      const response = await setDefault(m, m.store.id, ids['4242']);
      expect(response.statusCode).toBe(200);
      expect(listed(response)).toEqual([
        ['4242', true],
        ['4444', false],
      ]);
      // The payment screen's list agrees.
      const v1 = await call(app, 'GET', '/api/v1/payment-methods/', { token: await m.token() });
      expect(
        v1.json<{ last4: string; is_default: boolean }[]>().find((c) => c.is_default)?.last4,
      ).toBe('4242');

      const other = await twoCards();
      expect((await setDefault(other, other.store.id, ids['4242'])).json()).toEqual(NOT_FOUND);
      expect((await setDefault(other, m.store.id, ids['4242'])).json()).toEqual(NOT_FOUND);
      expect((await setDefault(m, m.store.id, 'pm_unknown')).json()).toEqual(NOT_FOUND);
      expect((await setDefault(m, m.store.id)).json()).toEqual({
        paymentMethod: [MESSAGES.required],
      });
    });

    it("Delete removes one of the caller's cards and answers the cards left, but never the last: 'You must keep at least one payment method'", async () => {
      const m = await twoCards();
      const ids = await cardIds(m);
      expect((await remove(m, 'pm_unknown')).json()).toEqual(NOT_FOUND);
      expect((await remove(await twoCards(), ids['4444'])).json()).toEqual(NOT_FOUND);
      const removed = await remove(m, ids['4444']);
      expect(removed.statusCode).toBe(200);
      expect(listed(removed)).toEqual([['4242', true]]);
      const last = await remove(m, ids['4242']);
      expect(last.statusCode).toBe(400);
      expect(last.json()).toEqual({
        message: MESSAGES.keepOnePaymentMethod,
        detail: MESSAGES.keepOnePaymentMethod,
      });
      expect((await remove(m)).json()).toEqual({ paymentMethodId: [MESSAGES.required] });
    });

    it("Session answers the brand's billing page while subscribed, a checkout after cancelling, and only for a returnUrl on the brand's origin", async () => {
      const { app } = ctx();
      const m = await merchant(app);
      await subscribe(app, await m.token());
      const portal = await session(m, 'http://localhost:4007/my-store?tab=1');
      expect(portal.statusCode).toBe(200);
      expect(portal.json<LegacyPaymentSession>()).toEqual({
        Kind: 'portal',
        Url: 'http://localhost:4007/payment',
        ReturnUrl: 'http://localhost:4007/my-store?tab=1',
      });
      for (const foreign of [
        'https://evil.example/payment',
        'http://localhost:4008/payment',
        '//evil.example',
        'javascript:alert(1)',
      ]) {
        const refused = await session(m, foreign);
        expect(refused.statusCode, foreign).toBe(400);
        expect(Object.keys(refused.json<Record<string, string[]>>())).toEqual(['returnUrl']);
      }
      expect((await session(m, 'https://evil.example/x')).json()).toEqual({
        returnUrl: [LEGACY_MESSAGES.foreignReturnUrl],
      });
      expect((await session(m, 'not a url')).json()).toEqual({ returnUrl: [MESSAGES.invalidUrl] });
      expect((await session(m, 'http://localhost:4007/payment', m.store.id + 1000)).json()).toEqual(
        NOT_FOUND,
      );

      await cancel(m);
      const checkout = (
        await session(m, 'http://localhost:4007/payment')
      ).json<LegacyPaymentSession>();
      expect(checkout.Kind).toBe('checkout');
      expect(checkout.Url).toMatch(/^http:\/\/localhost:4007\/checkout\/plans\/price_local_uk\?/);
      // The checkout URL opens a checkout session for this merchant's store.
      expect(await openLink(app, checkout.Url)).toMatch(/^\/checkout\/sessions\//);
    });
  },
);
