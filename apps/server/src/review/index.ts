import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import reviewRoutes from './routes';
import couponFeedbackRoutes from './coupon-feedback-routes';
import { reviewQueueCache } from './queue-cache';
import { reviewService, type ReviewService } from './service';
import { registerReviewApp } from './static-app';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    review: ReviewService;
  }
}

export type ReviewOptions = {
  brandOrigins: Record<ClientId, string>;
  /** The staff console's build (apps/review/dist, or the release artifact's review/). */
  reviewDist: string | undefined;
  /** Bytes this instance's copy of the queue's pages and counts may hold (core/platform/cache-budgets.ts). */
  queueCacheBudget: number;
};

/** Store review: the staff API under /api/v1/review and the staff console under /review. */
async function reviewPlugin(app: FastifyInstance, options: ReviewOptions): Promise<void> {
  const queue = reviewQueueCache(options.queueCacheBudget);
  app.storeChanges.add(queue);
  app.caches.add('review_queue', queue.stats);
  const review = reviewService({
    db: app.db,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    stores: app.stores,
    users: app.auth,
    outbox: app.outbox,
    issuePreview: app.storePages.issuePreview,
    subscriptionsOf: (storeIds) => app.billing.subscriptionsForStores(storeIds),
    queue,
    audit: app.audit,
  });
  app.decorate('review', review);
  // A merchant's edit of a declined store sends it back to the queue: its history says so.
  app.stores.onResubmitted(review.recordResubmission);
  await app.register(reviewRoutes, { prefix: '/api/v1/review', review });
  await app.register(couponFeedbackRoutes, { prefix: '/api/v1/review' });
  registerReviewApp(app, options.reviewDist);
}

export default fp(reviewPlugin, {
  name: 'review',
  dependencies: ['auth', 'stores', 'billing', 'public-pages', 'mail', 'audit'],
});
