import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import type { BillingEnv } from '../env';
import { billingNotices } from '../mail/lifecycle/billing-notices';
import billingRoutes from '../routes/api/v1/billing';
import stripeWebhookRoutes from '../routes/api/v1/billing/stripe-webhook';
import checkoutRoutes from '../routes/checkout';
import { linkSigner } from './links';
import { localProvider } from './local-provider';
import { billingRepository } from './repository';
import { billingService, type BillingService } from './service';
import { stripeClient, stripeProvider } from './stripe-provider';
import { stripeWebhooks, type StripeWebhooks } from './stripe-webhooks';
import { billingSync } from './sync';

export type Billing = BillingService & {
  /** Present when BILLING_PROVIDER=stripe. */
  stripeWebhooks: StripeWebhooks | undefined;
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
  const local = env.provider === 'local' ? localProvider({ db, clock: app.clock }) : undefined;
  const stripe = env.stripe && env.provider === 'stripe' ? stripeClient(env.stripe.secretKey, env.stripe.api) : undefined;
  const stripeApi = stripe ? stripeProvider(stripe) : undefined;
  const provider = stripeApi?.provider ?? local?.provider ?? localProvider({ db, clock: app.clock }).provider;
  const notices = billingNotices({ db, clock: app.clock, brandOrigins: options.brandOrigins });
  const sync = billingSync({ db, repo, provider, clock: app.clock, notices });
  const service = billingService({
    db,
    repos: app.repos,
    repo,
    clock: app.clock,
    env,
    brandOrigins: options.brandOrigins,
    provider,
    local,
    sync,
    links: linkSigner(options.secret),
    stripe: stripeApi,
  });
  const webhooks =
    stripe && stripeApi && env.stripe
      ? stripeWebhooks({ db, stripe, webhookSecret: env.stripe.webhookSecret, repo, provider: stripeApi, sync, clock: app.clock })
      : undefined;

  app.decorate('billing', Object.assign(service, { stripeWebhooks: webhooks }));
  app.billingView = {
    subscriptionForStore: (storeId) => service.subscriptionForStore(storeId),
    ownerBilling: (userId) => service.ownerBilling(userId),
  };

  await app.register(billingRoutes, { prefix: '/api/v1' });
  await app.register(stripeWebhookRoutes, { prefix: '/api/v1/stripe-webhook' });
  // The local processor takes test cards: its pages say TEST MODE.
  await app.register(checkoutRoutes, { prefix: '/checkout', testMode: env.provider === 'local' });

  if (local && env.renewalIntervalMs > 0) {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      running ??= service
        .runRenewals()
        .catch((error: unknown) => app.log.error({ err: error }, 'renewal job failed'))
        .finally(() => (running = undefined));
    }, env.renewalIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(billingPlugin, { name: 'billing' });
