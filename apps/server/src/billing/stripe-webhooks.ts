import type { ClientId } from '@cc/config';
import type Stripe from 'stripe';
import type { AuditService } from '../audit/service';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import { ValidationFailed } from '../core/http/errors';
import { isLive, type ProviderCheckout } from './provider';
import type { BillingRepository } from './repository';
import { OWING_STATUSES } from './stripe-card-update';
import type { StripeProvider } from './stripe-provider';
import type { BillingSync } from './sync';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export const INVALID_SIGNATURE = 'Invalid webhook signature.';

/**
 * Stripe's webhook: verifies the signature on the raw body, handles each
 * event id once, and for every handled type re-reads the subscription from
 * the API and syncs it; the payload only says which object to look at.
 */
export function stripeWebhooks(deps: {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  repo: BillingRepository;
  provider: StripeProvider;
  sync: BillingSync;
  clock: Clock;
  /** The stores feature's lookup: the store a Checkout's reference names. */
  storeById: (id: number) => Promise<{ id: number; userId: number; client: ClientId } | undefined>;
  /** The audit trail: a card replaced through Stripe's page. */
  audit: Pick<AuditService, 'record'>;
}) {
  const { repo, provider, sync, clock } = deps;

  async function storeFromReference(reference: string | null) {
    if (!reference || !/^\d{1,9}$/.test(reference)) return undefined;
    return deps.storeById(Number(reference));
  }

  /**
   * A card update's Checkout (setup mode) completed: its card becomes the default of the
   * store's customer, an owing subscription's open invoice is paid with it, then the
   * subscription is synced. The session is read from the API; its customer must be the
   * store's own.
   */
  async function cardGiven(checkout: ProviderCheckout): Promise<void> {
    const store = await storeFromReference(checkout.clientReferenceId);
    const { customerId, setupIntentId } = checkout;
    if (!checkout.complete || !store || !customerId || !setupIntentId) return;
    if ((await repo.storeOfCustomer('stripe', customerId)) !== store.id) return;
    const current = await repo.currentSubscription(store.id);
    const live =
      current && current.providerCustomerId === customerId && isLive(current.status)
        ? current
        : undefined;
    const onFile = await provider.useSetupCard({
      customerId,
      setupIntentId,
      subscriptionId: live?.providerSubscriptionId ?? null,
      payOpen: live !== undefined && OWING_STATUSES.has(live.status),
    });
    if (onFile) {
      await deps.audit.record({
        actor: { userId: store.userId, role: 'merchant' },
        action: 'billing.card_updated',
        target: { type: 'store', id: store.id },
        client: store.client,
        details: { ...onFile, processor: 'stripe' },
      });
    }
    if (current) await sync.syncSubscription(current.providerSubscriptionId, store.id);
  }

  async function handle(event: Stripe.Event): Promise<void> {
    const object = event.data.object as { id?: string };
    if (!object.id) return;
    switch (event.type) {
      case 'checkout.session.completed': {
        const checkout = await provider.retrieveCheckout(object.id);
        if (checkout?.mode === 'setup') return cardGiven(checkout);
        if (!checkout?.subscriptionId) return;
        await sync.syncSubscription(
          checkout.subscriptionId,
          (await storeFromReference(checkout.clientReferenceId))?.id,
        );
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await sync.syncSubscription(object.id);
        return;
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const subscriptionId = await provider.subscriptionOfInvoice(object.id);
        if (subscriptionId) await sync.syncSubscription(subscriptionId);
        return;
      }
      default:
        return;
    }
  }

  return {
    /** Answers the event's type, or 'duplicate' for a replay; throws a 400 on a bad signature. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<string> {
      let event: Stripe.Event;
      try {
        event = await deps.stripe.webhooks.constructEventAsync(
          rawBody,
          signature ?? '',
          deps.webhookSecret,
        );
      } catch {
        throw ValidationFailed.field('non_field_errors', INVALID_SIGNATURE);
      }
      if (await repo.eventSeen(event.id)) return 'duplicate';
      await handle(event);
      // Recorded after handling: an event that failed half-way is handled again when Stripe retries it.
      await repo.recordEvent({ eventId: event.id, type: event.type, receivedAt: clock.now() });
      return event.type;
    },
  };
}
export type StripeWebhooks = ReturnType<typeof stripeWebhooks>;
