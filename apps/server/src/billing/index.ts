import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import {
  PLACEHOLDER_SUPPLIERS,
  type BillingEnv,
  type InvoiceSuppliers,
} from '../core/platform/env';
import type { Executor } from '../core/data/db';
import billingRoutes from './routes';
import stripeWebhookRoutes from './stripe-webhook-route';
import checkoutRoutes from './checkout-routes';
import { linkSigner } from './links';
import { localProvider } from './local-provider';
import { isHealthy } from './provider';
import { billingRepository } from './repository';
import { billingService, planName, type BillingService } from './service';
import invoiceRoutes from './invoices/routes';
import { invoiceService, type InvoiceService } from './invoices/service';
import { immediateCancellation, type ImmediateCancellation } from './cancel-now';
import { stripeClient, stripeProvider } from './stripe-provider';
import { billingSummaryCache } from './summary-cache';
import { stripeWebhooks, type StripeWebhooks } from './stripe-webhooks';
import { billingSync, type BillingSync } from './sync';
import { periodicJob } from '../core/platform/periodic-job';

export type Billing = BillingService &
  ImmediateCancellation & {
    /** Present when BILLING_PROVIDER=stripe. */
    stripeWebhooks: StripeWebhooks | undefined;
    /** Adds work to every sync's transaction, after the subscription is saved (the billing mails). */
    onSynced: BillingSync['onSynced'];
    /** Every charge's invoice: numbered, issued in the sync's transaction, and its PDF (invoices/). */
    invoices: InvoiceService;
    /** Another of the store's subscriptions than this one is paid up (a reactivation replaced it). */
    paidUpElsewhere: (storeId: number, subscriptionId: string, tx: Executor) => Promise<boolean>;
  };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    billing: Billing;
  }
}

export type BillingOptions = {
  env: BillingEnv;
  brandOrigins: Record<ClientId, string>;
  /** Signs local payment links (a key derived from it). */
  secret: string;
  /** Bytes this instance's copy of the owners' billing summaries may hold (core/platform/cache-budgets.ts). */
  summaryCacheBudget: number;
  /** Who the invoices name as supplier (INVOICE_SUPPLIER_*); placeholders when not given. */
  invoiceSuppliers?: InvoiceSuppliers | undefined;
};

export const LOCAL_BILLING: BillingEnv = { provider: 'local', renewalIntervalMs: 0 };

/**
 * Billing: picks the provider, wires the sync service, fills the store and
 * /auth/me/ billing fields, registers the billing routes, the local checkout
 * and the Stripe webhook, and (local provider) ticks the renewal job.
 */
async function billingPlugin(app: FastifyInstance, options: BillingOptions): Promise<void> {
  const { env } = options;
  const db = app.db;
  const repo = billingRepository(db);
  const summaries = billingSummaryCache(options.summaryCacheBudget);
  app.storeChanges.add(summaries);
  app.caches.add('billing_summaries', summaries.stats);
  const local = env.provider === 'local' ? localProvider({ db, clock: app.clock }) : undefined;
  const stripe =
    env.stripe && env.provider === 'stripe'
      ? stripeClient(env.stripe.secretKey, env.stripe.api)
      : undefined;
  const stripeApi = stripe ? stripeProvider(stripe) : undefined;
  const provider =
    stripeApi?.provider ?? local?.provider ?? localProvider({ db, clock: app.clock }).provider;
  const sync = billingSync({
    db,
    repo,
    provider,
    clock: app.clock,
    committed: app.storeChanges.changed,
  });
  const invoices = invoiceService({
    db,
    clock: app.clock,
    suppliers: options.invoiceSuppliers ?? PLACEHOLDER_SUPPLIERS,
    planName,
  });
  // First of the sync's listeners: the receipt mail (lifecycle-mail) finds the charge's invoice issued.
  sync.onSynced((synced, tx) => invoices.issueFor(synced.transactions, tx));
  const paidUpElsewhere: Billing['paidUpElsewhere'] = async (storeId, subscriptionId, tx) =>
    (await repo.liveSubscriptions(storeId, tx)).some(
      (row) => row.providerSubscriptionId !== subscriptionId && isHealthy(row.status),
    );
  const service = billingService({
    db,
    stores: app.stores,
    users: app.auth,
    repo,
    clock: app.clock,
    env,
    brandOrigins: options.brandOrigins,
    provider,
    local,
    sync,
    links: linkSigner(options.secret),
    cardLinks: linkSigner(options.secret, 'local-card-link'),
    stripe: stripeApi,
    summaries,
    ownerRead: app.ownerReads.read,
    invoices,
    audit: app.audit,
  });
  const webhooks =
    stripe && stripeApi && env.stripe
      ? stripeWebhooks({
          db,
          stripe,
          webhookSecret: env.stripe.webhookSecret,
          repo,
          provider: stripeApi,
          sync,
          clock: app.clock,
          storeById: (id) => app.stores.findById(id),
          audit: app.audit,
        })
      : undefined;

  app.decorate(
    'billing',
    Object.assign(service, immediateCancellation({ repo, provider, sync }), {
      stripeWebhooks: webhooks,
      onSynced: sync.onSynced,
      paidUpElsewhere,
      invoices,
    }),
  );

  await app.register(billingRoutes, { prefix: '/api/v1' });
  await app.register(stripeWebhookRoutes, { prefix: '/api/v1/stripe-webhook' });
  // The local processor takes test cards: its pages say TEST MODE.
  await app.register(checkoutRoutes, { prefix: '/checkout', testMode: env.provider === 'local' });
  await app.register(invoiceRoutes, { prefix: '/checkout', testMode: env.provider === 'local' });

  // The local processor's renewals: every interval (not at start), one run at a time on this instance.
  if (local && env.renewalIntervalMs > 0)
    periodicJob(app, {
      intervalMs: env.renewalIntervalMs,
      work: () => service.runRenewals(),
      onDone: () => undefined,
      failure: 'renewal job failed',
      failureLevel: 'error',
      firstRunAtReady: false,
    });
}

export default fp(billingPlugin, { name: 'billing', dependencies: ['auth', 'stores'] });
