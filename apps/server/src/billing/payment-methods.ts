import { MESSAGES, type PaymentMethod } from '@cc/contract';
import { DomainError, NotFound } from '../core/http/errors';
import type { Caller } from '../core/data/deps';
import type { OwnerRead } from '../core/cache/owner-reads';
import type { BillingStores } from './types';
import type { BillingProvider } from './provider';
import type { BillingRepository } from './repository';
import type { BillingSync } from './sync';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The owner's cards: listed from our copy, changed at the provider, then synced back. */
export function billingPaymentMethods(deps: {
  stores: BillingStores;
  repo: BillingRepository;
  provider: BillingProvider;
  sync: BillingSync;
  ownerRead: OwnerRead;
}) {
  const { repo, stores, provider, sync } = deps;

  return {
    /** The caller's cards; `websiteId` (a store id) other than the caller's own store finds none. */
    async paymentMethods(caller: Caller, websiteId?: number): Promise<PaymentMethod[]> {
      const store = await stores.findByOwner(caller.userId);
      if (!store || (websiteId !== undefined && websiteId !== store.id)) return [];
      const rows = await deps.ownerRead(store.id, 'payment_methods', () =>
        repo.paymentMethodsForStore(store.id),
      );
      return rows.map((row) => ({
        id: row.providerPaymentMethodId,
        created_at: unix(row.addedAt),
        is_default: row.isDefault,
        exp_month: row.expMonth,
        exp_year: row.expYear,
        brand: row.brand,
        last4: row.last4,
      }));
    },

    async deletePaymentMethod(caller: Caller, id: string): Promise<void> {
      const store = await stores.ownStore(caller);
      const methods = await repo.paymentMethodsForStore(store.id);
      const method = methods.find((m) => m.providerPaymentMethodId === id);
      if (!method) throw new NotFound();
      if (methods.length <= 1) throw new DomainError(400, MESSAGES.keepOnePaymentMethod);
      await provider.detachPaymentMethod(id);
      const current = await repo.currentSubscription(store.id);
      if (current) await sync.syncSubscription(current.providerSubscriptionId, store.id);
    },

    /** Makes one of the caller's cards the default (renewals charge it), then syncs. */
    async setDefaultPaymentMethod(caller: Caller, id: string): Promise<void> {
      const store = await stores.ownStore(caller);
      const method = (await repo.paymentMethodsForStore(store.id)).find(
        (m) => m.providerPaymentMethodId === id,
      );
      if (!method) throw new NotFound();
      if (method.isDefault) return;
      await provider.setDefaultPaymentMethod(method.providerCustomerId, id);
      const current = await repo.currentSubscription(store.id);
      if (current) await sync.syncSubscription(current.providerSubscriptionId, store.id);
    },
  };
}
