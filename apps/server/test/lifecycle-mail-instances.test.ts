import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { lifecycleMailRepository } from '../src/lifecycle-mail/repository';
import { smtpSender } from '../src/mail/worker';
import { decodeQuotedPrintable, smtpReceiver } from './fakes/smtp-receiver';
import { GOOD_CARD, merchant, subscribe } from './fakes/checkout-browser';
import { call, dayOffset, describeEachDatabase, testEnv, TEST_SENDERS } from './helpers';
import { mailsTo, unsubscribeUrl } from './lifecycle-mail-fixtures';
import { liveStore, staffToken } from './review-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const { received, state } = smtpReceiver();

describeEachDatabase(
  'lifecycle mail with two app instances on one database, sent through SMTP',
  (ctx) => {
    // A second instance: its own app (pool users, timers, caches) on the same database and clock.
    let second: FastifyInstance | undefined;
    beforeAll(async () => {
      second = await buildApp({
        database: ctx().database,
        clock: ctx().clock,
        env: testEnv(),
        logger: false,
      });
      await second.ready();
    });
    afterAll(async () => second?.close());
    const other = () => {
      if (!second) throw new Error('second instance not ready');
      return second;
    };
    const ownerEmail = async (token: string) =>
      (await call(ctx().app, 'GET', '/api/v1/auth/me/', { token })).json<{ email: string }>().email;

    it('mails each expiring coupon once while both instances scan, at the same time and again', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const ends = [
        { expiration_date: dayOffset(clock, 1) },
        { expiration_date: dayOffset(clock, 3) },
        {},
      ];
      const { token, couponIds } = await liveStore(app, staff, ends);
      const email = await ownerEmail(token);
      await Promise.all([
        app.mailScan.run(),
        other().mailScan.run(),
        app.mailScan.run(),
        other().mailScan.run(),
      ]);
      await other().mailScan.run();
      await app.mailScan.run();
      const mails = await mailsTo(app, email, 'coupon_expiring');
      expect(mails.map((mail) => mail.textBody.match(/\/coupons\/(\d+)/)?.[1]).sort()).toEqual(
        couponIds.slice(0, 2).map(String).sort(),
      );
    });

    it('an event key is claimed by one transaction only, even when both instances try at once (no lock needed)', async () => {
      const { app, clock } = ctx();
      const instances = [app, other(), app, other()];
      const claimed = await Promise.all(
        instances.map((instance) =>
          instance.db.transaction((tx) =>
            lifecycleMailRepository(instance.db).claim('coupon_expiring:race', clock.now(), tx),
          ),
        ),
      );
      expect(claimed.filter(Boolean)).toHaveLength(1);
    });

    it('mails one receipt per renewal while both instances run the renewal job', async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      await subscribe(app, await m.token(), GOOD_CARD);
      clock.advance(31 * DAY);
      await Promise.all([app.billing.runRenewals(), other().billing.runRenewals()]);
      await Promise.all([app.billing.runRenewals(), other().billing.runRenewals()]);
      expect(await mailsTo(app, m.email, 'payment_receipt')).toHaveLength(2);
      clock.advance(-31 * DAY);
    });

    it('sends a mail through a real SMTP server with its plain-text part, HTML part and List-Unsubscribe headers', async () => {
      const { app, clock } = ctx();
      const staff = await staffToken(app);
      const { token } = await liveStore(app, staff, [
        { title: 'Flash deal', expiration_date: dayOffset(clock, 2) },
      ]);
      const email = await ownerEmail(token);
      await other().mailScan.run();
      const [queued] = await mailsTo(app, email, 'coupon_expiring');
      if (!queued) throw new Error('no expiring mail');
      const send = smtpSender({ url: state.url, from: TEST_SENDERS });
      while ((await app.outbox.worker({ send, batch: 50 }).runOnce()) > 0);
      const message =
        received
          .filter((mail) => mail.to.includes(email))
          .map((mail) => decodeQuotedPrintable(mail.raw).replace(/\r?\n[ \t]+/g, ' '))
          .find((text) => text.includes('List-Unsubscribe')) ?? '';
      expect(message).toMatch(/^Subject: .*Flash_deal/m);
      expect(message).toContain('Your voucher "Flash deal" for ');
      expect(message).toContain(`List-Unsubscribe: <${unsubscribeUrl(queued).href}>`);
      expect(message).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(message).toMatch(/Content-Type: text\/plain/);
      expect(message).toMatch(/Content-Type: text\/html/);
      expect(message).toContain('Edit your voucher: http://localhost:4007/coupons/');
    });
  },
);
