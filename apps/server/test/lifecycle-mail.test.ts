import { expect, it } from 'vitest';
import type { MailPreferences } from '@cc/contract';
import { couponDailyStats } from '../src/public-pages/schema';
import { addDays } from '../src/core/platform/clock';
import { lastWeekMonday } from '../src/lifecycle-mail/scanner';
import { call, couponBody, dayOffset, describeEachDatabase, merchantWithStore } from './helpers';
import { expectBrandMail, mailsTo, unsubscribeUrl } from './lifecycle-mail-fixtures';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = 'http://localhost:4007';

describeEachDatabase(
  'lifecycle mail: coupons, weekly summary, preferences and unsubscribe',
  (ctx) => {
    const ownerEmail = async (token: string) =>
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<{ email: string }>().email;
    const preferences = async (token: string) =>
      (
        await call(ctx().app, 'GET', '/api/v1/mail-preferences/', { token })
      ).json<MailPreferences>();

    it('mails once that a coupon expires in 3 days, then once that it expired and the page shows fewer', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, couponIds } = await liveStore(app, staff, [
        { title: 'Summer sale', expiration_date: dayOffset(clock, 3) },
        {},
      ]);
      const email = await ownerEmail(token);
      await app.mailScan.run();
      await app.mailScan.run();
      const [expiring, ...more] = await mailsTo(app, email, 'coupon_expiring');
      expect(more).toEqual([]);
      if (!expiring) throw new Error('no expiring mail');
      expect(expiring.subject).toContain('Your voucher "Summer sale" expires on');
      expect(expiring.textBody).toContain('expires in 3 days');
      await expectBrandMail(app, expiring, {
        brand: 'VoucherNest',
        origin: ORIGIN,
        action: 'Edit your voucher',
        path: `/coupons/${couponIds[0]}`,
      });
      unsubscribeUrl(expiring);

      clock.advance(4 * DAY);
      await app.mailScan.run();
      await app.mailScan.run();
      const expired = await mailsTo(app, email, 'coupon_expired');
      expect(expired).toHaveLength(1);
      expect(expired[0]?.subject).toBe('Your voucher "Summer sale" has expired');
      expect(expired[0]?.textBody).toContain('Your store page now shows 1 voucher.');
      if (expired[0])
        await expectBrandMail(app, expired[0], {
          brand: 'VoucherNest',
          origin: ORIGIN,
          action: 'See your vouchers',
          path: '/coupons',
        });
      expect(await mailsTo(app, email, 'coupon_expiring')).toHaveLength(1);
      clock.advance(-4 * DAY);
    });

    it('sends the weekly summary only once turned on, with last week’s views, reveals and clicks', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, couponIds } = await liveStore(app, staff, [{}, {}]);
      const email = await ownerEmail(token);
      const monday = lastWeekMonday(dayOffset(clock, 0));
      const [first = 0, second = 0] = couponIds;
      await app.db.insert(couponDailyStats).values([
        { couponId: first, day: monday, views: 10, reveals: 4, clicks: 2 },
        { couponId: second, day: addDays(monday, 6), views: 5, reveals: 1, clicks: 1 },
        // Outside last week: this week, and the week before.
        { couponId: first, day: addDays(monday, 7), views: 100, reveals: 100, clicks: 100 },
        { couponId: first, day: addDays(monday, -1), views: 100, reveals: 100, clicks: 100 },
      ]);
      expect(await preferences(token)).toEqual({
        expiring_coupons: true,
        expired_coupons: true,
        weekly_summary: false,
      });
      await app.mailScan.run();
      expect(await mailsTo(app, email, 'weekly_summary')).toEqual([]);

      const saved = await call(app, 'PUT', '/api/v1/mail-preferences/', {
        token,
        body: { weekly_summary: true },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        expiring_coupons: true,
        expired_coupons: true,
        weekly_summary: true,
      });
      await app.mailScan.run();
      await app.mailScan.run();
      const [summary, ...more] = await mailsTo(app, email, 'weekly_summary');
      expect(more).toEqual([]);
      if (!summary) throw new Error('no weekly summary');
      expect(summary.subject).toBe('Your week on VoucherNest.co.uk: 15 views');
      expect(summary.textBody).toContain('Views: 15\n\nCode reveals: 5\n\nClicks: 3');
      await expectBrandMail(app, summary, {
        brand: 'VoucherNest',
        origin: ORIGIN,
        action: 'See your insights',
        path: '/insights',
      });
      unsubscribeUrl(summary);

      clock.advance(7 * DAY);
      await app.mailScan.run();
      expect(await mailsTo(app, email, 'weekly_summary')).toHaveLength(2);
      clock.advance(-7 * DAY);
    });

    it('unsubscribes with a one-click POST, without sign-in, and refuses a bad token', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token, store } = await liveStore(app, staff, [
        { expiration_date: dayOffset(clock, 2) },
      ]);
      const email = await ownerEmail(token);
      await app.mailScan.run();
      const [mail] = await mailsTo(app, email, 'coupon_expiring');
      if (!mail) throw new Error('no expiring mail');
      const url = unsubscribeUrl(mail);
      expect(url.origin).toBe(ORIGIN);
      expect(mail.textBody).toContain(`Unsubscribe: ${url.href}`);
      const path = url.pathname + url.search;

      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const tampered = path.replace('expiring_coupons', 'weekly_summary');
      for (const bad of [
        tampered,
        `${path}x`,
        '/api/v1/mail/unsubscribe?token=1.expiring_coupons.abc',
        '/api/v1/mail/unsubscribe',
      ]) {
        const refused = await app.inject({
          method: 'POST',
          url: bad,
          headers: form,
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(refused.statusCode, bad).toBe(400);
        expect(refused.body).toContain('This unsubscribe link is not valid');
      }
      expect((await preferences(token)).expiring_coupons).toBe(true);

      // GET only asks: a link checker opening it changes nothing.
      const page = await app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Stop emails about vouchers that expire soon');
      expect(page.body).toContain(`<form action="${path.replace(/&/g, '&amp;')}" method="post">`);
      expect((await preferences(token)).expiring_coupons).toBe(true);

      const done = await app.inject({
        method: 'POST',
        url: path,
        headers: form,
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('You are unsubscribed');
      expect(await preferences(token)).toEqual({
        expiring_coupons: false,
        expired_coupons: true,
        weekly_summary: false,
      });

      // Turned off: a second coupon about to expire is not mailed about.
      const body = couponBody(clock, {
        store: store.id,
        description: 'Last chance',
        expiration_date: dayOffset(clock, 1),
      });
      const coupon = await call(app, 'POST', '/api/v1/coupons/', { token, body });
      expect(coupon.statusCode, coupon.body).toBe(201);
      await app.mailScan.run();
      expect(await mailsTo(app, email, 'coupon_expiring')).toHaveLength(1);
    });

    it('mail preferences are the owner’s own: 401 without sign-in, 404 without a store, field errors for bad values', async () => {
      const { app } = ctx();
      expect((await call(app, 'GET', '/api/v1/mail-preferences/')).statusCode).toBe(401);
      const { token } = await merchantWithStore(app);
      const bad = await call(app, 'PUT', '/api/v1/mail-preferences/', {
        token,
        body: { weekly_summary: 'often' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('weekly_summary');
      const off = await call(app, 'PUT', '/api/v1/mail-preferences/', {
        token,
        body: { expired_coupons: false },
      });
      expect(off.json()).toEqual({
        expiring_coupons: true,
        expired_coupons: false,
        weekly_summary: false,
      });
      expect(await preferences(token)).toEqual({
        expiring_coupons: true,
        expired_coupons: false,
        weekly_summary: false,
      });
      // Two boxes changed at once: neither change undoes the other.
      await Promise.all([
        call(app, 'PUT', '/api/v1/mail-preferences/', { token, body: { weekly_summary: true } }),
        call(app, 'PUT', '/api/v1/mail-preferences/', { token, body: { expiring_coupons: false } }),
      ]);
      expect(await preferences(token)).toEqual({
        expiring_coupons: false,
        expired_coupons: false,
        weekly_summary: true,
      });
      const noStore = await call(app, 'POST', '/api/v1/auth/email-register/', {
        body: {
          email: `nostore-${Date.now()}@example.com`,
          password: 'shop-secret-123',
          siteId: 7,
          type: 2,
          first_name: 'N/A',
          last_name: 'N/A',
        },
      });
      const other = noStore.json<{ token: string }>().token;
      expect(
        (await call(app, 'GET', '/api/v1/mail-preferences/', { token: other })).statusCode,
      ).toBe(404);
    });
  },
);
