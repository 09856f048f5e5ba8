import type { ClientId } from '@cc/config';
import {
  LEGACY_MESSAGES,
  MESSAGES,
  type LegacyInvoice,
  type LegacyPage,
  type LegacyPageQuery,
  type LegacyPaymentMethod,
  type LegacyPaymentSession,
} from '@cc/contract';
import type { BillingService } from '../billing/service';
import { DomainError, NotFound, ValidationFailed } from '../core/http/errors';
import type { StoreService } from '../stores/service';
import type { Caller } from '../core/data/deps';
import { pageOf, toLegacyPaymentMethod } from './wire';

/** What the legacy payment calls answer when the list they work on is empty (SPEC section 8). */
const emptySequence = () => new DomainError(404, LEGACY_MESSAGES.emptySequence);

export type PaymentDeps = {
  billing: Pick<
    BillingService,
    | 'transactions'
    | 'paymentMethods'
    | 'deletePaymentMethod'
    | 'setDefaultPaymentMethod'
    | 'subscriptionForStore'
    | 'plans'
  >;
  stores: Pick<StoreService, 'findByOwner'>;
  brandOrigins: Record<ClientId, string>;
};

/** The caller's own payment methods, invoices and payment pages, through the billing service. */
export function paymentService(deps: PaymentDeps) {
  const { billing } = deps;

  /** The caller's store when `merchantId` names it; anything else is 404. */
  async function ownStore(caller: Caller, merchantId: number) {
    const store = await deps.stores.findByOwner(caller.userId);
    if (!store || store.id !== merchantId) throw new NotFound();
    return store;
  }

  async function methods(caller: Caller): Promise<LegacyPaymentMethod[]> {
    return (await billing.paymentMethods(caller)).map(toLegacyPaymentMethod);
  }

  async function withMethods(
    caller: Caller,
    change: () => Promise<void>,
  ): Promise<LegacyPaymentMethod[]> {
    if ((await billing.paymentMethods(caller)).length === 0) throw emptySequence();
    await change();
    return methods(caller);
  }

  return {
    async invoices(
      caller: Caller,
      merchantId: number,
      query: LegacyPageQuery,
    ): Promise<LegacyPage<LegacyInvoice>> {
      const store = await ownStore(caller, merchantId);
      const transactions = await billing.transactions(caller);
      if (transactions.length === 0) throw emptySequence();
      const invoices = transactions.map((txn) => ({
        InvoiceId: txn.id,
        MerchantId: store.id,
        Created: txn.transaction_created,
        Currency: txn.currency,
        Amount: txn.amount,
        ReceiptUrl: txn.receipt_url,
      }));
      return pageOf(invoices, query);
    },

    /** Removes a card (never the last one); answers the cards left. */
    deleteMethod: (caller: Caller, paymentMethodId: string) =>
      withMethods(caller, () => billing.deletePaymentMethod(caller, paymentMethodId)),

    /** Makes a card the default; answers the cards. */
    async setDefaultMethod(
      caller: Caller,
      merchantId: number,
      paymentMethod: string,
    ): Promise<LegacyPaymentMethod[]> {
      await ownStore(caller, merchantId);
      return withMethods(caller, () => billing.setDefaultPaymentMethod(caller, paymentMethod));
    },

    /**
     * Where the merchant pays or manages billing: the brand's billing page while the
     * subscription is in good standing, else a checkout (the plan's payment link).
     * `returnUrl` must be on the brand's own origin.
     */
    async session(
      caller: Caller,
      merchantId: number,
      returnUrl: string,
    ): Promise<LegacyPaymentSession> {
      const store = await ownStore(caller, merchantId);
      const { client } = store;
      const origin = new URL(deps.brandOrigins[client]).origin;
      let target: URL;
      try {
        target = new URL(returnUrl);
      } catch {
        throw ValidationFailed.field('returnUrl', MESSAGES.invalidUrl);
      }
      if (target.origin !== origin)
        throw ValidationFailed.field('returnUrl', LEGACY_MESSAGES.foreignReturnUrl);
      const subscription = await billing.subscriptionForStore(store.id);
      if (!subscription) throw emptySequence();
      if (subscription.status === 'active' || subscription.status === 'trialing') {
        return { Kind: 'portal', Url: `${origin}/payment`, ReturnUrl: target.toString() };
      }
      const [plan] = await billing.plans(caller, client);
      if (!plan) throw emptySequence();
      return { Kind: 'checkout', Url: plan.payment_link.url, ReturnUrl: target.toString() };
    },
  };
}
export type PaymentService = ReturnType<typeof paymentService>;
