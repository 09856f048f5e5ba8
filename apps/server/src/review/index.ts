import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientId } from '@cc/config';
import reviewRoutes from '../routes/api/v1/review';
import couponFeedbackRoutes from '../routes/api/v1/review/coupon-feedback';
import { previewSigner, type PreviewSigner } from './preview-token';
import { reviewService, type ReviewService } from './service';
import { registerReviewApp } from './static-app';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    review: ReviewService;
    /** Signs and checks staff preview links of store pages. */
    storePreview: PreviewSigner;
  }
}

export type ReviewOptions = {
  /** Derives the preview-link key. */
  secret: string;
  brandOrigins: Record<ClientId, string>;
  /** The staff console's build (apps/review/dist, or the release artifact's review/). */
  reviewDist: string | undefined;
};

/** Store review: the staff API under /api/v1/review and the staff console under /review. */
async function reviewPlugin(app: FastifyInstance, options: ReviewOptions): Promise<void> {
  const preview = previewSigner(options.secret);
  const review = reviewService({
    db: app.db,
    repos: app.repos,
    clock: app.clock,
    brandOrigins: options.brandOrigins,
    stores: app.services.stores,
    preview,
  });
  app.decorate('review', review);
  app.decorate('storePreview', preview);
  await app.register(reviewRoutes, { prefix: '/api/v1/review', review });
  await app.register(couponFeedbackRoutes, { prefix: '/api/v1/review' });
  registerReviewApp(app, options.reviewDist);
}

export default fp(reviewPlugin, { name: 'review' });
