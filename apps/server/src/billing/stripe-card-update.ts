import Stripe from 'stripe';
import { getClientConfig, type ClientId } from '@cc/config';
import { idOf, isMissing } from './stripe-ids';

/** Statuses whose unpaid invoice a new card pays at once. */
export const OWING_STATUSES: ReadonlySet<string> = new Set(['past_due', 'unpaid']);

/**
 * A card update through Stripe: a Checkout Session in setup mode for the store's customer,
 * and, once Stripe reports it completed, its card made the default for renewals (the old
 * default detached) and, while the subscription is owing, its open invoice paid with it.
 */
export function stripeCardUpdate(stripe: Stripe) {
  return {
    /** Answers the hosted page's url; success and cancel both come back to `returnUrl`. */
    async createCardUpdate(params: {
      customerId: string;
      storeId: number;
      client: ClientId;
      returnUrl: string;
    }): Promise<string> {
      const metadata = {
        store_id: String(params.storeId),
        client: String(params.client),
        purpose: 'card_update',
      };
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: params.customerId,
        // Setup mode charges nothing; the currency names the one future renewals are paid in.
        allowed_payment_method_types: ['card'],
        currency: getClientConfig(params.client).currency,
        client_reference_id: String(params.storeId),
        metadata,
        setup_intent_data: { metadata },
        success_url: params.returnUrl,
        cancel_url: params.returnUrl,
      });
      if (!session.url)
        throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return session.url;
    },

    /**
     * Makes the SetupIntent's card the customer's default (and the live subscription's, which
     * Checkout may have set), detaches the previous default and, when `payOpen`, pays the
     * subscription's open invoices with it. A declined payment leaves the invoice open: the
     * sync that follows shows the subscription as Stripe has it. Answers the card now on file
     * (and whether an open invoice was paid with it), or undefined when nothing changed.
     */
    async useSetupCard(params: {
      customerId: string;
      setupIntentId: string;
      subscriptionId: string | null;
      payOpen: boolean;
    }): Promise<{ brand: string; last4: string; charged: boolean } | undefined> {
      const intent = await stripe.setupIntents.retrieve(params.setupIntentId);
      const card = idOf(intent.payment_method);
      if (!card || intent.status !== 'succeeded' || idOf(intent.customer) !== params.customerId)
        return undefined;
      const customer = await stripe.customers.retrieve(params.customerId);
      if (customer.deleted) return undefined;
      const previous = idOf(customer.invoice_settings.default_payment_method);
      await stripe.customers.update(params.customerId, {
        invoice_settings: { default_payment_method: card },
      });
      if (params.subscriptionId)
        await stripe.subscriptions.update(params.subscriptionId, { default_payment_method: card });
      if (previous && previous !== card) {
        try {
          await stripe.paymentMethods.detach(previous);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      const method = await stripe.paymentMethods.retrieve(card);
      const onFile = {
        brand: method.card?.brand ?? 'card',
        last4: method.card?.last4 ?? '',
        charged: false,
      };
      if (!params.subscriptionId || !params.payOpen) return onFile;
      for await (const invoice of stripe.invoices.list({
        subscription: params.subscriptionId,
        status: 'open',
        limit: 10,
      })) {
        if (!invoice.id) continue;
        try {
          await stripe.invoices.pay(invoice.id, { payment_method: card });
          onFile.charged = true;
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        }
      }
      return onFile;
    },
  };
}
