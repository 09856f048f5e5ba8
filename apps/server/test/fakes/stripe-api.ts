import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/**
 * A small stand-in for Stripe's API on loopback: the objects billing reads
 * (customers, payment methods, subscriptions, invoices, checkout sessions),
 * in Stripe's JSON shapes, plus the writes billing makes (create a customer,
 * honouring Idempotency-Key as Stripe does; open a checkout session, for a
 * subscription or a card (setup mode); cancel a subscription now or at its
 * period's end and resume it; set the default card; pay an open invoice; detach
 * a card). Tests change its state directly and send events signed with the
 * stripe package's test-header helper.
 */

export const FAKE_SECRET_KEY = 'sk_test_fake_key';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret';

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** `metadata[k]=v` form fields (under `prefix`) as Stripe's metadata object. */
function metadataOf(form: URLSearchParams, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name.startsWith(`${prefix}[`) && name.endsWith(']'))
      metadata[name.slice(prefix.length + 1, -1)] = value;
  }
  return metadata;
}

export async function startFakeStripe() {
  const objects = new Map<string, Json>();
  const requests: string[] = [];
  /** Idempotency-Key -> the request body it was first used with, and the answer replayed for it (none while in flight). */
  const idempotent = new Map<string, { body: string; answer?: Json }>();
  let customerCreateDelay = 0;
  let now = Math.floor(Date.now() / 1000);
  let delayNextRead = 0;

  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });
  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  function route(req: IncomingMessage, res: ServerResponse, body: string) {
    const form = new URLSearchParams(body);
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);
    requests.push(`${req.method} ${url.pathname}`);
    const [, resource, key, sub] = parts;
    const object = key ? objects.get(key) : undefined;
    if (req.method === 'GET' && resource === 'invoices' && !key) {
      const subscription = url.searchParams.get('subscription');
      const status = url.searchParams.get('status');
      const invoices = [...objects.values()].filter(
        (o) =>
          o.object === 'invoice' &&
          (o.parent as { subscription_details: { subscription: string } }).subscription_details
            .subscription === subscription &&
          (status === null || o.status === status),
      );
      return send(res, 200, list(invoices.reverse(), '/v1/invoices'));
    }
    if (req.method === 'GET' && resource === 'customers' && sub === 'payment_methods') {
      if (!object) return missing(res, 'customer');
      return send(
        res,
        200,
        list(
          [...objects.values()]
            .filter((o) => o.object === 'payment_method' && o.customer === key)
            .reverse(),
          url.pathname,
        ),
      );
    }
    if (req.method === 'POST' && resource === 'customers' && !key) {
      // As Stripe: a key used again with the same parameters replays the first answer (409 while that
      // request is still in flight, which the stripe package retries); other parameters are refused.
      const idempotencyKey = req.headers['idempotency-key'];
      const used = typeof idempotencyKey === 'string' ? idempotent.get(idempotencyKey) : undefined;
      if (used && used.body !== body) {
        return send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters',
          },
        });
      }
      if (used && !used.answer) {
        return send(res, 409, {
          error: {
            type: 'idempotency_error',
            code: 'idempotency_key_in_use',
            message: 'Another request with this key is in progress',
          },
        });
      }
      if (used) return send(res, 200, used.answer);
      const entry: { body: string; answer?: Json } = { body };
      if (typeof idempotencyKey === 'string') idempotent.set(idempotencyKey, entry);
      const customer = id('cus');
      const created = {
        id: customer,
        object: 'customer',
        email: form.get('email'),
        metadata: metadataOf(form),
        invoice_settings: { default_payment_method: null },
      };
      const finish = () => {
        objects.set(customer, created);
        entry.answer = structuredClone(created);
        send(res, 200, created);
      };
      if (customerCreateDelay > 0) setTimeout(finish, customerCreateDelay);
      else finish();
      return;
    }
    if (req.method === 'POST' && resource === 'checkout' && key === 'sessions' && !parts[3]) {
      const session = id('cs_test');
      const created = {
        id: session,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${session}`,
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        line_items_price: form.get('line_items[0][price]'),
        metadata: metadataOf(form),
        subscription_metadata: metadataOf(form, 'subscription_data[metadata]'),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        currency: form.get('currency'),
        allowed_payment_method_types: form.getAll('allowed_payment_method_types[0]'),
        subscription: null,
        setup_intent: null,
      };
      objects.set(session, created);
      return send(res, 200, created);
    }
    if (req.method === 'GET' && resource === 'checkout' && key === 'sessions') {
      const session = parts[3] ? objects.get(parts[3]) : undefined;
      return session ? send(res, 200, session) : missing(res, 'checkout.session');
    }
    if (!object) return missing(res, resource ?? 'object');
    if (req.method === 'GET' && delayNextRead > 0) {
      // Answer what is true now, but late: a slow read racing a newer one.
      const body = structuredClone(object);
      const delay = delayNextRead;
      delayNextRead = 0;
      setTimeout(() => send(res, 200, body), delay);
      return;
    }
    if (req.method === 'GET') return send(res, 200, object);
    if (req.method === 'DELETE' && resource === 'subscriptions') {
      if (object.status === 'canceled') {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'This subscription is already canceled.',
          },
        });
      }
      Object.assign(object, { status: 'canceled', canceled_at: now, ended_at: now });
      return send(res, 200, object);
    }
    if (req.method === 'POST' && resource === 'subscriptions' && !sub) {
      if (object.status === 'canceled') {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            message:
              'A canceled subscription can only update its cancellation_details and metadata.',
          },
        });
      }
      const ending = form.get('cancel_at_period_end');
      // As Stripe: canceled_at is the time of the request that asked for the end, null again once resumed.
      if (ending !== null)
        Object.assign(object, {
          cancel_at_period_end: ending === 'true',
          canceled_at: ending === 'true' ? now : null,
        });
      const card = form.get('default_payment_method');
      if (card !== null) object.default_payment_method = card;
      return send(res, 200, object);
    }
    if (req.method === 'POST' && resource === 'invoices' && sub === 'pay') {
      if (object.status !== 'open') {
        return send(res, 400, {
          error: { type: 'invalid_request_error', message: 'Invoice is already paid' },
        });
      }
      const settings = objects.get(String(object.customer))?.invoice_settings as
        { default_payment_method: string | null } | undefined;
      const card = objects.get(
        form.get('payment_method') ?? settings?.default_payment_method ?? '',
      );
      if (!card || card.fails_charges === true) {
        return send(res, 402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        });
      }
      Object.assign(object, {
        status: 'paid',
        amount_paid: object.amount_due,
        status_transitions: { paid_at: now },
      });
      // Paying the open invoice makes a past_due subscription active again.
      const subscription = objects.get(
        (object.parent as { subscription_details: { subscription: string } }).subscription_details
          .subscription,
      );
      if (subscription && ['past_due', 'unpaid'].includes(String(subscription.status)))
        subscription.status = 'active';
      return send(res, 200, object);
    }
    if (req.method === 'POST' && resource === 'payment_methods' && sub === 'detach') {
      const owner = objects.get(String(object.customer));
      const settings = owner?.invoice_settings as
        { default_payment_method: string | null } | undefined;
      if (settings && settings.default_payment_method === key)
        settings.default_payment_method = null;
      object.customer = null;
      return send(res, 200, object);
    }
    if (req.method === 'POST' && resource === 'customers' && !sub) {
      const next = form.get('invoice_settings[default_payment_method]');
      if (next !== null) object.invoice_settings = { default_payment_method: next };
      return send(res, 200, object);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(FAKE_SECRET_KEY);

  const fake = {
    port,
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    get: (key: string) => objects.get(key),
    /** A subscription's current_period_end (on its first item, as Stripe reports it since 2025-03-31). */
    periodEnd(subscription: string): number | undefined {
      const items = objects.get(subscription)?.items as
        { data: { current_period_end: number }[] } | undefined;
      return items?.data[0]?.current_period_end;
    },
    /** Ids of every customer the fake holds, oldest first. */
    customerIds: () =>
      [...objects.values()].filter((o) => o.object === 'customer').map((o) => String(o.id)),
    /** Stripe's clock for the objects it creates. */
    setNow: (seconds: number) => void (now = seconds),
    /** The next single-object read answers the current state after `ms`. */
    delayNextRead: (ms: number) => void (delayNextRead = ms),
    /** Customer creates answer after `ms` (0: at once), so requests made together overlap at Stripe. */
    delayCustomerCreates: (ms: number) => void (customerCreateDelay = ms),
    /** Moves Stripe's clock on. */
    advance: (seconds: number) => void (now += seconds),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),

    customer(): string {
      const customer = id('cus');
      objects.set(customer, {
        id: customer,
        object: 'customer',
        invoice_settings: { default_payment_method: null },
      });
      return customer;
    },
    /** A card of the customer; `failsCharges`: attached fine, but every charge on it is declined. */
    card(customer: string, last4 = '4242', makeDefault = true, failsCharges = false): string {
      const method = id('pm');
      objects.set(method, {
        id: method,
        object: 'payment_method',
        type: 'card',
        customer,
        created: now,
        card: { brand: 'visa', last4, exp_month: 12, exp_year: 2030 },
        fails_charges: failsCharges,
      });
      const owner = objects.get(customer);
      if (makeDefault && owner) owner.invoice_settings = { default_payment_method: method };
      return method;
    },
    subscription(customer: string, status = 'incomplete'): string {
      const subscription = id('sub');
      objects.set(subscription, {
        id: subscription,
        object: 'subscription',
        customer,
        status,
        start_date: now,
        canceled_at: null,
        ended_at: null,
        cancel_at_period_end: false,
        default_payment_method: null,
        items: {
          object: 'list',
          has_more: false,
          data: [
            { id: id('si'), object: 'subscription_item', current_period_end: now + 30 * 86400 },
          ],
        },
      });
      return subscription;
    },
    update(key: string, values: Json): void {
      Object.assign(objects.get(key) ?? {}, values);
    },
    invoice(subscription: string, paid: boolean, amount = 1999): string {
      const invoice = id('in');
      const customer = objects.get(subscription)?.customer;
      objects.set(invoice, {
        id: invoice,
        object: 'invoice',
        customer,
        status: paid ? 'paid' : 'open',
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        currency: 'gbp',
        created: now,
        status_transitions: { paid_at: paid ? now : null },
        hosted_invoice_url: `https://invoice.stripe.test/${invoice}`,
        parent: { type: 'subscription_details', subscription_details: { subscription } },
      });
      return invoice;
    },
    checkout(params: {
      clientReferenceId: string;
      customer: string;
      subscription: string;
    }): string {
      const session = id('cs_test');
      objects.set(session, {
        id: session,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        client_reference_id: params.clientReferenceId,
        customer: params.customer,
        subscription: params.subscription,
      });
      return session;
    },

    /**
     * The merchant gave a card on a setup-mode Checkout: a new card of the session's customer
     * (`failsCharges` as card()), held by a succeeded SetupIntent, and the session complete.
     * Answers the card's id.
     */
    completeSetup(sessionId: string, last4 = '5556', failsCharges = false): string {
      const session = objects.get(sessionId);
      const customer = String(session?.customer);
      const card = fake.card(customer, last4, false, failsCharges);
      const intent = id('seti');
      objects.set(intent, {
        id: intent,
        object: 'setup_intent',
        status: 'succeeded',
        customer,
        payment_method: card,
        usage: 'off_session',
      });
      Object.assign(session ?? {}, { status: 'complete', setup_intent: intent });
      return card;
    },

    /** An event carrying a snapshot of `objectId` as it is now, signed for the webhook. */
    event(type: string, objectId: string) {
      const snapshot = structuredClone(objects.get(objectId) ?? { id: objectId });
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        created: now,
        livemode: false,
        data: { object: snapshot },
      });
      return {
        payload,
        signature: signer.webhooks.generateTestHeaderString({
          payload,
          secret: FAKE_WEBHOOK_SECRET,
        }),
      };
    },
  };
  return fake;
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Billing settings that point the app's Stripe client at the fake. */
export function stripeBillingEnv(fake: FakeStripe) {
  const perClient = (prefix: string) => ({
    7: `${prefix}_uk`,
    8: `${prefix}_us_promo`,
    10: `${prefix}_us_discount`,
  });
  return {
    provider: 'stripe' as const,
    renewalIntervalMs: 0,
    stripe: {
      secretKey: FAKE_SECRET_KEY,
      webhookSecret: FAKE_WEBHOOK_SECRET,
      priceIds: perClient('price_test'),
      api: fake.api,
    },
  };
}

export type Signed = { payload: string; signature: string };

/** Posts a signed event to the webhook as Stripe does. */
export async function deliver(app: FastifyInstance, event: Signed) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/stripe-webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}
