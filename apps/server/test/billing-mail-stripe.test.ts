import { afterAll, expect, it } from 'vitest';
import type { Paginated, Transaction } from '@cc/contract';
import type { Clock } from '../src/core/platform/clock';
import { call, describeEachDatabase } from './helpers';
import { merchant } from './fakes/checkout-browser';
import { deliver, startFakeStripe, stripeBillingEnv, type Signed } from './fakes/stripe-api';
import { actionLink, mailsTo } from './lifecycle-mail-fixtures';

const fake = await startFakeStripe();
afterAll(() => fake.close());

const DAY = 86400;
const unix = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

describeEachDatabase(
  'billing mail from Stripe webhooks',
  (ctx) => {
    it('mails a receipt per paid invoice, one payment failed and one cancellation, however often events are replayed', async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      const events: Signed[] = [];
      const emit = async (type: string, objectId: string) => {
        const event = fake.event(type, objectId);
        events.push(event);
        const response = await deliver(app, event);
        expect(response.statusCode, response.body).toBe(200);
      };
      const t0 = unix(clock);
      fake.setNow(t0);
      const customer = fake.customer();
      fake.card(customer);
      const subscription = fake.subscription(customer, 'active');
      const first = fake.invoice(subscription, true);
      await emit(
        'checkout.session.completed',
        fake.checkout({ clientReferenceId: String(m.store.id), customer, subscription }),
      );
      await emit('invoice.paid', first);
      fake.setNow(t0 + 30 * DAY);
      const renewal = fake.invoice(subscription, false);
      fake.update(subscription, { status: 'past_due' });
      await emit('invoice.payment_failed', renewal);
      fake.setNow(t0 + 33 * DAY);
      fake.update(renewal, {
        status: 'paid',
        amount_paid: 1999,
        status_transitions: { paid_at: t0 + 33 * DAY },
      });
      fake.update(subscription, { status: 'active' });
      await emit('invoice.paid', renewal);
      fake.setNow(t0 + 40 * DAY);
      fake.update(subscription, {
        status: 'canceled',
        canceled_at: t0 + 40 * DAY,
        ended_at: t0 + 40 * DAY,
      });
      await emit('customer.subscription.deleted', subscription);
      // Stripe retries: every event again, twice, out of order.
      for (const event of [...events, ...events].reverse()) await deliver(app, event);

      const kinds = (await mailsTo(app, m.email))
        .map((mail) => mail.kind)
        .filter((kind) => kind !== 'verify_email');
      expect(kinds).toEqual([
        'payment_receipt',
        'payment_failed',
        'payment_receipt',
        'subscription_canceled',
      ]);
      const token = await m.token();
      const orders = (
        await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })
      ).json<Paginated<Transaction>>();
      const receipts = await mailsTo(app, m.email, 'payment_receipt');
      // Stripe's hosted invoice is the receipt, as in the Order History.
      expect(receipts.map((mail) => actionLink(mail, 'View your receipt').href).sort()).toEqual(
        orders.results.map((order) => order.receipt_url).sort(),
      );
      for (const mail of receipts) expect(mail.textBody).toContain('£19.99');
    });
  },
  { env: { billing: stripeBillingEnv(fake) } },
);
