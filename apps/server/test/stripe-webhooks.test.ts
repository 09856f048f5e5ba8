import { afterAll, expect, it } from 'vitest';
import type { Paginated, PaymentMethod, Transaction, User } from '@cc/contract';
import type { Clock } from '../src/core/platform/clock';
import { call, describeEachDatabase } from './helpers';
import { merchant } from './fakes/checkout-browser';
import {
  deliver,
  startFakeStripe,
  stripeBillingEnv,
  type FakeStripe,
  type Signed,
} from './fakes/stripe-api';

const fake = await startFakeStripe();
afterAll(() => fake.close());

const DAY = 86400;
/** Unix seconds on a test clock. */
const unix = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/**
 * A subscription's life at Stripe from `t0` (unix seconds): checkout, first
 * payment, a failed renewal, its retry paid, then cancellation. `live`
 * receives each event as Stripe would send it, right after the change; the
 * list is answered either way.
 */
async function lifecycle(
  stripe: FakeStripe,
  { storeId, t0, live }: { storeId: number; t0: number; live?: (event: Signed) => Promise<void> },
) {
  const events: Signed[] = [];
  const emit = async (type: string, objectId: string) => {
    const event = stripe.event(type, objectId);
    events.push(event);
    await live?.(event);
  };
  stripe.setNow(t0);
  const customer = stripe.customer();
  stripe.card(customer);
  const subscription = stripe.subscription(customer, 'incomplete');
  await emit('customer.subscription.created', subscription);
  const first = stripe.invoice(subscription, true);
  stripe.update(subscription, { status: 'active' });
  await emit('invoice.paid', first);
  await emit('customer.subscription.updated', subscription);
  await emit(
    'checkout.session.completed',
    stripe.checkout({ clientReferenceId: String(storeId), customer, subscription }),
  );
  stripe.setNow(t0 + 30 * DAY);
  const renewal = stripe.invoice(subscription, false);
  stripe.update(subscription, { status: 'past_due' });
  await emit('invoice.payment_failed', renewal);
  await emit('customer.subscription.updated', subscription);
  stripe.setNow(t0 + 33 * DAY);
  stripe.update(renewal, {
    status: 'paid',
    amount_paid: 1999,
    status_transitions: { paid_at: t0 + 33 * DAY },
  });
  stripe.update(subscription, { status: 'active' });
  await emit('invoice.paid', renewal);
  await emit('customer.subscription.updated', subscription);
  stripe.setNow(t0 + 40 * DAY);
  stripe.update(subscription, {
    status: 'canceled',
    canceled_at: t0 + 40 * DAY,
    ended_at: t0 + 40 * DAY,
  });
  await emit('customer.subscription.deleted', subscription);
  return events;
}

/** A seeded shuffle, so a failing order can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let i = result.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

describeEachDatabase(
  'billing: Stripe webhooks converge',
  (ctx) => {
    async function billingState(token: string) {
      const { app } = ctx();
      const user = (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
      const page = (await call(app, 'GET', '/api/v1/coupon-center-transactions/', { token })).json<
        Paginated<Transaction>
      >();
      const cards = (await call(app, 'GET', '/api/v1/payment-methods/', { token })).json<
        PaymentMethod[]
      >();
      return {
        subscription: user.store?.stripe_subscription,
        hasTxn: user.coupon_center_txn !== null,
        transactions: page.results.map((t) => [
          t.amount,
          t.currency,
          t.transaction_created,
          t.receipt_url.startsWith('https://invoice.stripe.test/'),
        ]),
        cards: cards.map((c) => [c.last4, c.is_default, c.exp_month, c.exp_year]),
      };
    }

    it('ends in the same state whether events come in order, or shuffled with each replayed twice', async () => {
      const { app, clock } = ctx();
      const t0 = unix(clock);
      const inOrder = await merchant(app);
      await lifecycle(fake, {
        storeId: inOrder.store.id,
        t0,
        live: async (event) => {
          const response = await deliver(app, event);
          expect(response.statusCode, response.body).toBe(200);
        },
      });
      const expected = await billingState(await inOrder.token());
      expect(expected).toEqual({
        subscription: {
          status: 'canceled',
          start_date: t0,
          canceled_at: t0 + 40 * DAY,
          current_period_end: t0 + 30 * DAY,
          cancel_at_period_end: false,
        },
        hasTxn: true,
        transactions: [
          [1999, 'gbp', t0 + 33 * DAY, true],
          [1999, 'gbp', t0, true],
        ],
        cards: [['4242', true, 12, 2030]],
      });

      for (const seed of [1, 7, 42]) {
        const other = await merchant(app);
        const events = await lifecycle(fake, { storeId: other.store.id, t0 });
        for (const event of shuffled([...events, ...events], seed)) {
          const response = await deliver(app, event);
          expect(response.statusCode, response.body).toBe(200);
        }
        expect(await billingState(await other.token()), `seed ${seed}`).toEqual(expected);
      }
    });

    it('keeps the newer truth when a slower sync of an older read finishes last', async () => {
      const { app, clock } = ctx();
      const m = await merchant(app);
      const customer = fake.customer();
      const subscription = fake.subscription(customer, 'active');
      const checkout = fake.checkout({
        clientReferenceId: String(m.store.id),
        customer,
        subscription,
      });
      expect(
        (await deliver(app, fake.event('checkout.session.completed', checkout))).statusCode,
      ).toBe(200);
      fake.delayNextRead(400);
      const slow = deliver(app, fake.event('customer.subscription.updated', subscription));
      await new Promise((resolve) => setTimeout(resolve, 100));
      clock.advance(1000);
      fake.update(subscription, { status: 'canceled', canceled_at: unix(clock) });
      expect(
        (await deliver(app, fake.event('customer.subscription.deleted', subscription))).statusCode,
      ).toBe(200);
      expect((await slow).statusCode).toBe(200);
      const user = (
        await call(app, 'GET', '/api/v1/auth/me/', { token: await m.token() })
      ).json<User>();
      expect(user.store?.stripe_subscription?.status).toBe('canceled');
    });

    it('handles every event type: each re-reads the subscription from the API', async () => {
      const { app } = ctx();
      const m = await merchant(app);
      const customer = fake.customer();
      fake.card(customer);
      const subscription = fake.subscription(customer, 'active');
      const invoice = fake.invoice(subscription, true);
      const checkout = fake.checkout({
        clientReferenceId: String(m.store.id),
        customer,
        subscription,
      });
      const cases: [string, string][] = [
        ['checkout.session.completed', checkout],
        ['customer.subscription.created', subscription],
        ['customer.subscription.updated', subscription],
        ['invoice.paid', invoice],
        ['invoice.payment_failed', invoice],
        ['customer.subscription.deleted', subscription],
      ];
      for (const [type, objectId] of cases) {
        const before = fake.requests.length;
        const response = await deliver(app, fake.event(type, objectId));
        expect(response.json()).toEqual({ received: true, type });
        expect(fake.requests.slice(before)).toContain(`GET /v1/subscriptions/${subscription}`);
      }
      const token = await m.token();
      const user = (await call(app, 'GET', '/api/v1/auth/me/', { token })).json<User>();
      expect(user.store?.stripe_subscription?.status).toBe('active');
      expect(user.coupon_center_txn).not.toBeNull();
    });

    it("shows each of Stripe's statuses as one of the payment screen's five (SPEC section 4)", async () => {
      const { app } = ctx();
      const shown: Record<string, string> = {
        active: 'active',
        incomplete: 'incomplete',
        past_due: 'past_due',
        unpaid: 'unpaid',
        canceled: 'canceled',
        trialing: 'active',
        incomplete_expired: 'canceled',
        paused: 'unpaid',
        a_status_stripe_adds_later: 'incomplete',
      };
      const seen: Record<string, string | undefined> = {};
      for (const status of Object.keys(shown)) {
        const m = await merchant(app);
        const customer = fake.customer();
        const subscription = fake.subscription(customer, status);
        const checkout = fake.checkout({
          clientReferenceId: String(m.store.id),
          customer,
          subscription,
        });
        expect(
          (await deliver(app, fake.event('checkout.session.completed', checkout))).statusCode,
        ).toBe(200);
        const user = (
          await call(app, 'GET', '/api/v1/auth/me/', { token: await m.token() })
        ).json<User>();
        seen[status] = user.store?.stripe_subscription?.status;
      }
      expect(seen).toEqual(shown);
    });
  },
  { env: { billing: stripeBillingEnv(fake) } },
);
