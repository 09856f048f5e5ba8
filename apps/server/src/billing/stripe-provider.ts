import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { ClientId } from '@cc/config';
import type {
  BillingProvider,
  ProviderCheckout,
  ProviderInvoice,
  ProviderSubscription,
} from './provider';
import { stripeCardUpdate } from './stripe-card-update';
import { idOf, isMissing } from './stripe-ids';

export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' };

export function stripeClient(secretKey: string, api: StripeApiAddress | undefined): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
}

/** The subscription's period end: on its items since API version 2025-03-31. */
function periodEnd(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((end) => typeof end === 'number');
  return ends.length ? Math.max(...ends) : null;
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    startDate: subscription.start_date,
    currentPeriodEnd: periodEnd(subscription),
    canceledAt:
      subscription.canceled_at ??
      (subscription.status === 'incomplete_expired' ? subscription.ended_at : null),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** Billing through Stripe's API; every read is the current truth, never a webhook payload. */
export function stripeProvider(stripe: Stripe) {
  const provider: BillingProvider = {
    kind: 'stripe',
    async retrieveSubscription(id) {
      try {
        return toProviderSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async listInvoices(subscriptionId) {
      const invoices: ProviderInvoice[] = [];
      for await (const invoice of stripe.invoices.list({
        subscription: subscriptionId,
        limit: 100,
      })) {
        if (!invoice.id) continue;
        invoices.push({
          id: invoice.id,
          subscriptionId,
          customerId: idOf(invoice.customer) ?? '',
          paid: invoice.status === 'paid',
          amountPaid: invoice.amount_paid,
          currency: invoice.currency,
          paidAt: invoice.status_transitions.paid_at ?? invoice.created,
          receiptUrl: invoice.hosted_invoice_url ?? null,
        });
      }
      return invoices;
    },
    async listPaymentMethods(customerId) {
      let defaultId: string | null;
      try {
        const customer = await stripe.customers.retrieve(customerId);
        if (customer.deleted) return [];
        defaultId = idOf(customer.invoice_settings.default_payment_method);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const methods = [];
      for await (const method of stripe.customers.listPaymentMethods(customerId, { limit: 100 })) {
        if (!method.card) continue;
        methods.push({
          id: method.id,
          customerId,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
          created: method.created,
          isDefault: method.id === defaultId,
        });
      }
      if (defaultId === null && methods[0]) methods[0].isDefault = true;
      return methods;
    },
    async detachPaymentMethod(id) {
      const customerId = idOf((await stripe.paymentMethods.retrieve(id)).customer);
      await stripe.paymentMethods.detach(id);
      if (!customerId) return;
      // Renewals charge the customer's default card: when that was the one removed, the next card takes over.
      const customer = await stripe.customers.retrieve(customerId);
      if (customer.deleted || idOf(customer.invoice_settings.default_payment_method) !== null)
        return;
      const [next] = (await stripe.customers.listPaymentMethods(customerId, { limit: 1 })).data;
      if (next)
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: next.id },
        });
    },
    async setDefaultPaymentMethod(customerId, id) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: id },
      });
    },
    async cancelSubscription(id) {
      await unlessEnded(id, () => stripe.subscriptions.cancel(id));
    },
    // Stripe sets canceled_at when asked and ends the subscription at the period's end (customer.subscription.deleted).
    async cancelAtPeriodEnd(id) {
      await unlessEnded(id, () => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
    },
    async resume(id) {
      await unlessEnded(id, () => stripe.subscriptions.update(id, { cancel_at_period_end: false }));
    },
  };

  /** Runs a change; one refused because the subscription has already ended does nothing (the sync then shows it ended). */
  async function unlessEnded(id: string, change: () => Promise<unknown>): Promise<void> {
    try {
      await change();
    } catch (error) {
      // Stripe answers 400 for a canceled subscription, 404 for a deleted one.
      if (isMissing(error)) return;
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await stripe.subscriptions.retrieve(id);
        if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      }
      throw error;
    }
  }

  return {
    provider,
    ...stripeCardUpdate(stripe),
    async retrieveCheckout(id: string): Promise<ProviderCheckout | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        return {
          id: session.id,
          mode: session.mode,
          clientReferenceId: session.client_reference_id,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          complete: session.status === 'complete',
          setupIntentId: idOf(session.setup_intent),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    /**
     * The store's Stripe customer (the caller records it in billing_customers).
     * The idempotency key names the store (id, slug and creation time, so
     * another database on the same Stripe account never gets this store's
     * customer, even where its store of that id was created in the same
     * millisecond) and the values sent: two clicks at once get one customer
     * back, and an edited contact email is a new request rather than a
     * rejected replay.
     */
    async createCustomer(params: {
      storeId: number;
      storeSlug: string;
      storeCreatedAt: Date;
      client: ClientId;
      email: string;
    }): Promise<string> {
      const values = {
        ...(params.email ? { email: params.email } : {}),
        metadata: { store_id: String(params.storeId), client: String(params.client) },
      };
      const digest = createHash('sha256')
        .update(
          `${params.storeSlug}|${params.storeCreatedAt.toISOString()}|${params.email}|${params.client}`,
        )
        .digest('base64url')
        .slice(0, 22);
      const customer = await stripe.customers.create(values, {
        idempotencyKey: `cc-store-customer-${params.storeId}-${digest}`,
      });
      return customer.id;
    },
    /**
     * A hosted Checkout bound to the store's customer, for a first
     * subscription and a reactivation alike (a Payment Link would create a
     * new customer every time). client_reference_id names the store for the
     * checkout.session.completed webhook.
     */
    async createCheckout(params: {
      customerId: string;
      priceId: string;
      storeId: number;
      client: ClientId;
      returnUrl: string;
    }): Promise<string | null> {
      const metadata = { store_id: String(params.storeId), client: String(params.client) };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: params.customerId,
        client_reference_id: String(params.storeId),
        line_items: [{ price: params.priceId, quantity: 1 }],
        metadata,
        subscription_data: { metadata },
        success_url: params.returnUrl,
        cancel_url: params.returnUrl,
      });
      return session.url;
    },
    async subscriptionOfInvoice(id: string): Promise<string | null> {
      try {
        return invoiceSubscription(await stripe.invoices.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
export type StripeProvider = ReturnType<typeof stripeProvider>;
