import { CLIENT_IDS, CLIENTS, getClientConfig, parseClientId, type ClientId } from '@cc/config';
import { MESSAGES, type Plan, type StripeSubscription } from '@cc/contract';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import type { StoreRow } from '../stores/types';
import { ValidationFailed } from '../core/http/errors';
import type { Caller } from '../core/data/deps';
import type { AuthService } from '../auth/service';
import { randomToken } from '../core/platform/secrets';
import type { BillingEnv } from '../core/platform/env';
import { checkCard, type CardForm } from './cards';
import { PAYMENT_LINK_TTL_MS, type LinkReference, type LinkSigner } from './links';
import type { LocalProvider } from './local-provider';
import { isHealthy, isLive, type BillingProvider } from './provider';
import { billingDetailsOf } from './details';
import { billingOrders } from './orders';
import { billingPaymentMethods } from './payment-methods';
import type { BillingRepository } from './repository';
import type { BillingStores } from './types';
import type { StripeProvider } from './stripe-provider';
import type { BillingSummaryCache } from './summary-cache';
import type { OwnerRead } from '../core/cache/owner-reads';
import { billingView, subscriptionWire } from './view';
import type { BillingSync } from './sync';
import type { InvoiceService } from './invoices/service';
import { billingCardUpdate } from './card-update';
import type { AuditService } from '../audit/service';
import { billingSubscriptionChanges, isPaidUp } from './subscription-changes';

/** The plan list's `updated`: when the plan's price was last set (unix seconds). */
export const PLAN_UPDATED = Date.UTC(2026, 0, 1) / 1000;
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export function planName(client: ClientId): string {
  return `${getClientConfig(client).appName} Merchant Page`;
}

/** What billing reads of the stores: the owner's store (404 without one) and stores by owner or id. */

export type BillingServiceDeps = {
  db: Db;
  stores: BillingStores;
  /** The owner's email for payment links. */
  users: Pick<AuthService, 'signedInUser'>;
  repo: BillingRepository;
  clock: Clock;
  env: BillingEnv;
  brandOrigins: Record<ClientId, string>;
  provider: BillingProvider;
  /** Present when the local provider is the processor. */
  local: LocalProvider | undefined;
  sync: BillingSync;
  links: LinkSigner;
  /** Signs the local card update links (a key of their own). */
  cardLinks: LinkSigner;
  /** Stripe only: the store's customer and a Checkout bound to it (see stripe-provider.ts). */
  stripe:
    Pick<StripeProvider, 'createCustomer' | 'createCheckout' | 'createCardUpdate'> | undefined;
  /** This instance's copy of the owners' billing summaries for /auth/me/ (summary-cache.ts). */
  summaries?: BillingSummaryCache | undefined;
  /** The owner's details, cards and orders as this instance holds them (core/cache/owner-reads.ts). */
  ownerRead: OwnerRead;
  /** Each order's invoice (invoices/service.ts). */
  invoices: InvoiceService;
  /** The audit trail (card updates). */
  audit: Pick<AuditService, 'record'>;
};

export type CheckoutResult =
  | { kind: 'paid'; receiptToken: string }
  | { kind: 'invalid'; errors: Partial<Record<keyof CardForm, string>> }
  | { kind: 'declined'; message: string }
  | { kind: 'closed' };

export function billingService(deps: BillingServiceDeps) {
  const { repo, stores, clock, provider, sync } = deps;
  const view = billingView(repo, deps.summaries);
  const origin = (client: ClientId) => deps.brandOrigins[client];

  function planId(client: ClientId): string {
    return deps.env.stripe?.priceIds[client] ?? `price_local_${getClientConfig(client).key}`;
  }

  async function paymentLink(client: ClientId, caller: Caller): Promise<string> {
    const store = await stores.findByOwner(caller.userId);
    if (!store || store.client !== client) return `${origin(client)}/my-store`;
    const email = (await deps.users.signedInUser(caller.userId))?.user.email ?? store.contactEmail;
    const expires = unix(clock.now()) + PAYMENT_LINK_TTL_MS / 1000;
    const signed = deps.links.query({ storeId: store.id, client, email, expires });
    // Stripe: every merchant, first time or returning, pays through a Checkout we open for their customer.
    if (deps.stripe) return `${origin(client)}/checkout/stripe/${planId(client)}?${signed}`;
    return `${origin(client)}/checkout/plans/${planId(client)}?${signed}`;
  }

  /**
   * The store's Stripe customer: the recorded one, else one created at Stripe
   * (idempotently, so two clicks at once get the same one) and recorded.
   * Neither call runs inside a transaction.
   */
  async function stripeCustomerOf(
    store: StoreRow,
    fallbackEmail: string,
    stripe: NonNullable<BillingServiceDeps['stripe']>,
  ) {
    const saved = await repo.customerForStore(store.id, 'stripe');
    if (saved) return saved.providerCustomerId;
    const customerId = await stripe.createCustomer({
      storeId: store.id,
      storeSlug: store.slug,
      storeCreatedAt: store.createdAt,
      client: store.client,
      email: store.contactEmail || fallbackEmail,
    });
    await repo.saveCustomer({
      storeId: store.id,
      provider: 'stripe',
      providerCustomerId: customerId,
      createdAt: clock.now(),
    });
    return customerId;
  }

  /** The store a signed payment link names, when the signature, expiry and plan check out. */
  async function signedStore(params: { planId: string; ref: LinkReference; signature: string }) {
    const { ref } = params;
    if (planId(ref.client) !== params.planId) return undefined;
    if (!deps.links.verify(ref, params.signature, unix(clock.now()))) return undefined;
    const store = await stores.findById(ref.storeId);
    return store && store.client === ref.client ? store : undefined;
  }

  /**
   * The receipt of a paid session (a reload, or a second submit while the
   * first was being taken). Syncs first if the payment is not recorded yet,
   * which also repairs a sync that was interrupted after the payment.
   */
  async function sessionReceipt(sessionId: string): Promise<string | undefined> {
    const session = await repo.checkoutSession(sessionId);
    const subscriptionId = session?.providerSubscriptionId;
    if (!session || !subscriptionId) return undefined;
    const firstOf = async () =>
      (await repo.transactionsForStore(session.storeId))
        .filter((row) => row.providerSubscriptionId === subscriptionId)
        .at(-1);
    let first = await firstOf();
    if (!first) {
      await sync.syncSubscription(subscriptionId, session.storeId);
      first = await firstOf();
    }
    return first?.receiptToken;
  }

  return {
    ...billingOrders({
      db: deps.db,
      stores,
      repo,
      clock,
      origin,
      planName,
      ownerRead: deps.ownerRead,
      invoices: deps.invoices,
    }),
    ...billingPaymentMethods({ stores, repo, provider, sync, ownerRead: deps.ownerRead }),
    ...billingDetailsOf({ stores, repo, clock, ownerRead: deps.ownerRead }),
    ...billingSubscriptionChanges({ stores, repo, provider, sync, clock }),
    ...billingCardUpdate({ ...deps, origin }),
    subscriptionWire,
    origin,
    /** The client whose plan id this is (local or configured Stripe price). */
    clientOfPlan(id: string): ClientId | undefined {
      return CLIENT_IDS.find((client) => planId(client) === id);
    },

    ...view,
    /** subscriptionForStore of many stores (a page of them) in one read; stores without one are left out. */
    async subscriptionsForStores(storeIds: number[]): Promise<Map<number, StripeSubscription>> {
      const rows = await repo.currentSubscriptions(storeIds);
      return new Map([...rows].map(([storeId, row]) => [storeId, subscriptionWire(row)]));
    },

    async plans(caller: Caller, clientParam: unknown): Promise<Plan[]> {
      const client = parseClientId(clientParam);
      if (client === undefined) throw ValidationFailed.field('client', MESSAGES.invalidChoice);
      const config = CLIENTS[client];
      return [
        {
          id: planId(client),
          updated: PLAN_UPDATED,
          name: planName(client),
          price: { currency: config.currency, unit_amount: config.priceMinor },
          payment_link: { url: await paymentLink(client, caller) },
        },
      ];
    },

    /**
     * Stripe: checks the signed link, then opens a Stripe Checkout for the
     * store's customer (created on the first visit) and answers its url. The
     * subscription itself is recorded by the webhook, through sync.
     */
    async openStripeCheckout(params: { planId: string; ref: LinkReference; signature: string }) {
      const stripe = deps.stripe;
      const store = stripe ? await signedStore(params) : undefined;
      const priceId = deps.env.stripe?.priceIds[params.ref.client];
      if (!stripe || !store || !priceId) return undefined;
      if ((await repo.liveSubscriptions(store.id)).some((sub) => isPaidUp(sub, clock.now()))) {
        return { alreadySubscribed: true as const, client: params.ref.client };
      }
      const url = await stripe.createCheckout({
        customerId: await stripeCustomerOf(store, params.ref.email, stripe),
        priceId,
        storeId: store.id,
        client: params.ref.client,
        returnUrl: `${origin(store.client)}/payment`,
      });
      return url ? { url, client: params.ref.client } : undefined;
    },

    /** Opens a local checkout for a signed payment link; undefined when the link is not valid. */
    async openCheckout(params: { planId: string; ref: LinkReference; signature: string }) {
      const { ref } = params;
      const store = deps.local ? await signedStore(params) : undefined;
      if (!store) return undefined;
      const live = (await deps.local?.liveSubscriptionsOf(store.id)) ?? [];
      if (live.some((sub) => isHealthy(sub.status)))
        return { alreadySubscribed: true as const, client: ref.client };
      const now = clock.now();
      const session = await repo.createCheckoutSession({
        id: randomToken(),
        storeId: store.id,
        client: ref.client,
        email: ref.email,
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
        createdAt: now,
      });
      return { sessionId: session?.id ?? '', client: ref.client };
    },

    async checkoutSession(id: string) {
      const session = await repo.checkoutSession(id);
      if (!session) return undefined;
      const { client } = session;
      const store = await stores.findById(session.storeId);
      const expired =
        session.status === 'open' && session.expiresAt.getTime() < clock.now().getTime();
      return { session, client, storeName: store?.name ?? '', expired, planName: planName(client) };
    },

    /** Takes the payment of a local checkout session. */
    async pay(sessionId: string, form: CardForm): Promise<CheckoutResult> {
      const local = deps.local;
      if (!local) return { kind: 'closed' };
      const check = checkCard(form, clock.now());
      if (!check.ok)
        return check.declined
          ? { kind: 'declined', message: check.declined }
          : { kind: 'invalid', errors: check.errors };
      const result = await deps.db.transaction(async (tx) => {
        const session = await repo.lockOpenCheckoutSession(sessionId, tx);
        if (!session || session.expiresAt.getTime() < clock.now().getTime()) return undefined;
        // A paid-up subscription blocks a second one; an unpaid one (past_due, unpaid, ...) is replaced.
        const live = await local.liveSubscriptionsOf(session.storeId, tx);
        if (live.some((sub) => isHealthy(sub.status))) return undefined;
        for (const sub of live) await local.cancelIn(sub.id, tx);
        const config = CLIENTS[session.client];
        const paid = await local.subscribe(
          {
            storeId: session.storeId,
            email: session.email,
            card: check.card,
            amount: config.priceMinor,
            currency: config.currency,
          },
          tx,
        );
        await repo.completeCheckoutSession(sessionId, paid.subscriptionId, tx);
        return { ...paid, storeId: session.storeId, replaced: live.map((sub) => sub.id) };
      });
      if (!result) return { kind: 'closed' };
      // The new subscription first: a replaced one is then recorded as cancelled beside a paid one (no cancel mail).
      await sync.syncSubscription(result.subscriptionId, result.storeId);
      for (const id of result.replaced) await sync.syncSubscription(id, result.storeId);
      const transaction = await repo.transactionByInvoice('local', result.invoiceId);
      return transaction
        ? { kind: 'paid', receiptToken: transaction.receiptToken }
        : { kind: 'closed' };
    },

    sessionReceipt,

    /** One run of the renewal job (local provider): charges due periods, then syncs what changed. */
    async runRenewals(): Promise<number> {
      const local = deps.local;
      if (!local) return 0;
      let touched = 0;
      for (let round = 0; round < 100; round += 1) {
        const ids = await local.chargeDue();
        if (ids.length === 0) break;
        for (const id of ids) await sync.syncSubscription(id);
        touched += ids.length;
      }
      return touched;
    },

    isLive,
  };
}
export type BillingService = ReturnType<typeof billingService>;
