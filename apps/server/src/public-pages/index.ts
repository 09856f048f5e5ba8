import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_IDS, getClientConfig, type ClientId } from '@cc/config';
import couponStatsRoutes from '../routes/stores/coupon-stats';
import storePageRoutes from '../routes/stores';
import { publicPageService, type PublicPageService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    storePages: PublicPageService;
  }
}

export type PublicPagesOptions = {
  brandOrigins: Record<ClientId, string>;
  /** Days a past_due store stays live after its unpaid period ended (default 7). */
  graceDays?: number | undefined;
  /** How long a page's version and liveness are reused between database reads (default 1000 ms). */
  headTtlMs?: number | undefined;
  /** Where apps/<brand>/src/assets/logo.svg are looked up (the brand logos in the page header). */
  repoRoot?: string | undefined;
};

function brandLogos(repoRoot: string | undefined): Partial<Record<ClientId, string>> {
  const logos: Partial<Record<ClientId, string>> = {};
  if (!repoRoot) return logos;
  for (const id of CLIENT_IDS) {
    const file = resolve(repoRoot, 'apps', getClientConfig(id).key, 'src', 'assets', 'logo.svg');
    if (existsSync(file)) logos[id] = `data:image/svg+xml;base64,${readFileSync(file).toString('base64')}`;
  }
  return logos;
}

/** Requests that may change a store, its coupons, its review state or its subscription. */
const WRITES = /^\/(api|checkout)\//;

/** Public store pages at /stores/{slug} on every port, their counters, and the owner's 30-day counts. */
async function publicPagesPlugin(app: FastifyInstance, options: PublicPagesOptions): Promise<void> {
  const pages = publicPageService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    graceDays: options.graceDays ?? 7,
    headTtlMs: options.headTtlMs ?? 1000,
    brandLogos: brandLogos(options.repoRoot),
  });
  app.decorate('storePages', pages);
  // A write through this instance shows on its pages at once; the triggers' version covers the rest.
  // onSend: the handler (and its transaction) is done, and the answer has not left yet.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && WRITES.test(request.url)) pages.invalidate();
    return payload;
  });
  // Staff previews need the review plugin's link signer; without it there are no previews.
  const canPreview = (token: string, storeId: number) =>
    app.hasDecorator('storePreview') && app.storePreview.verify(token, storeId, app.clock.now());
  await app.register(storePageRoutes, { prefix: '/stores', pages, canPreview });
  await app.register(couponStatsRoutes, { prefix: '/api/v1/coupons/stats', pages });
}

export default fp(publicPagesPlugin, { name: 'public-pages' });
