import { getClientConfig, type ClientId } from '@cc/config';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import type { AuthService } from '../auth/service';
import type { AuditService } from '../audit/service';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import type { Caller } from '../core/data/deps';
import { ValidationFailed } from '../core/http/errors';
import { CARD_MESSAGES, checkCard, type CardForm } from './cards';
import { CARD_LINK_TTL_MS, type LinkReference, type LinkSigner } from './links';
import type { LocalProvider } from './local-provider';
import type { BillingProvider } from './provider';
import type { BillingRepository } from './repository';
import type { BillingStores } from './types';
import type { StripeProvider } from './stripe-provider';
import type { BillingSync } from './sync';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const OWING = new Set(['past_due', 'unpaid']);

export type CardUpdateResult =
  | { kind: 'updated'; returnUrl: string }
  | { kind: 'invalid'; errors: Partial<Record<keyof CardForm, string>> }
  | { kind: 'declined'; message: string }
  | { kind: 'closed' };

/** What the local card page shows about the store whose card it changes. */
export type CardLinkTarget = {
  storeName: string;
  client: ClientId;
  email: string;
  owing: boolean;
  priceMinor: number;
};

/**
 * The merchant's card update. POST /billing/card-update/ answers where the browser goes:
 * with Stripe a Checkout Session in setup mode (its webhook applies the card), with the
 * local processor a signed link to its card page (`/checkout/card/<client>`), whose form replaces
 * the default card and, when the subscription is owing, pays it at once.
 */
export function billingCardUpdate(deps: {
  db: Db;
  stores: BillingStores;
  users: Pick<AuthService, 'signedInUser'>;
  repo: BillingRepository;
  clock: Clock;
  provider: BillingProvider;
  local: LocalProvider | undefined;
  stripe: Pick<StripeProvider, 'createCardUpdate'> | undefined;
  sync: BillingSync;
  cardLinks: LinkSigner;
  origin: (client: ClientId) => string;
  /** The audit trail: a card replaced. */
  audit: Pick<AuditService, 'record'>;
}) {
  const { repo, stores, clock, sync } = deps;

  /** The store a signed card link names, with its current subscription at this processor. */
  async function linked(ref: LinkReference, signature: string) {
    if (!deps.local) return undefined;
    if (!deps.cardLinks.verify(ref, signature, unix(clock.now()))) return undefined;
    const store = await stores.findById(ref.storeId);
    if (!store || store.client !== ref.client) return undefined;
    const current = await repo.currentSubscription(store.id);
    if (!current || current.provider !== 'local') return undefined;
    return { store, current };
  }

  return {
    /** Where the caller's browser goes to give a new card; a 400 when the store has never paid. */
    async cardUpdateUrl(caller: Caller): Promise<string> {
      const store = await stores.ownStore(caller);
      const current = await repo.currentSubscription(store.id);
      if (!current || current.provider !== deps.provider.kind) {
        throw ValidationFailed.field('non_field_errors', ACCOUNT_MESSAGES.noCardToUpdate);
      }
      const { client } = store;
      const returnUrl = `${deps.origin(client)}/payment`;
      if (deps.stripe) {
        return deps.stripe.createCardUpdate({
          customerId: current.providerCustomerId,
          storeId: store.id,
          client,
          returnUrl,
        });
      }
      const email =
        (await deps.users.signedInUser(caller.userId))?.user.email ?? store.contactEmail;
      const expires = unix(clock.now()) + CARD_LINK_TTL_MS / 1000;
      return `${deps.origin(client)}/checkout/card/${client}?${deps.cardLinks.query({ storeId: store.id, client, email, expires })}`;
    },

    /** The local card page's subject, or undefined for a link that is not valid (edited, expired). */
    async cardLinkTarget(
      ref: LinkReference,
      signature: string,
    ): Promise<CardLinkTarget | undefined> {
      const found = await linked(ref, signature);
      if (!found) return undefined;
      const { client } = found.store;
      return {
        storeName: found.store.name,
        client,
        email: ref.email,
        owing: OWING.has(found.current.status),
        priceMinor: getClientConfig(client).priceMinor,
      };
    },

    /** The local card form's post: checks the card, replaces the default, pays an owing subscription, syncs. */
    async updateCard(
      ref: LinkReference,
      signature: string,
      form: CardForm,
    ): Promise<CardUpdateResult> {
      const local = deps.local;
      const found = await linked(ref, signature);
      if (!local || !found) return { kind: 'closed' };
      const check = checkCard(form, clock.now());
      if (!check.ok)
        return check.declined
          ? { kind: 'declined', message: check.declined }
          : { kind: 'invalid', errors: check.errors };
      const { store, current } = found;
      const replaced = await deps.db.transaction(async (tx) => {
        const result = await local.replaceCard(
          {
            customerId: current.providerCustomerId,
            subscriptionId: current.providerSubscriptionId,
            card: check.card,
          },
          tx,
        );
        if (result.kind === 'updated') {
          const details = {
            brand: check.card.brand,
            last4: check.card.last4,
            charged: result.charged,
          };
          await deps.audit.record(
            {
              actor: { userId: store.userId, role: 'merchant' },
              action: 'billing.card_updated',
              target: { type: 'store', id: store.id },
              client: store.client,
              details,
            },
            tx,
          );
        }
        return result;
      });
      if (replaced.kind === 'declined')
        return { kind: 'declined', message: CARD_MESSAGES.declined };
      if (replaced.kind === 'closed') return { kind: 'closed' };
      await sync.syncSubscription(current.providerSubscriptionId, store.id);
      return { kind: 'updated', returnUrl: `${deps.origin(store.client)}/payment` };
    },
  };
}
