import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { couponListCache, type CouponListCache } from './list-cache';
import couponRoutes, { legacyCouponRoutes } from './routes';
import { couponService, type CouponService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The store's coupons (coupons/service.ts). */
    coupons: CouponService;
    /** This instance's coupon-list copy; on only while subscribed to store changes. */
    couponLists: CouponListCache;
  }
}

export type CouponsOptions = {
  /** Bytes this instance's copy of the coupon lists may hold (core/platform/cache-budgets.ts). */
  listCacheBudget: number;
};

/** The store's coupons: /api/v1/coupons (list, add, edit, delete, order) and the legacy /api/coupons list. */
async function couponsPlugin(app: FastifyInstance, options: CouponsOptions): Promise<void> {
  const couponLists = couponListCache(options.listCacheBudget);
  app.storeChanges.add(couponLists);
  app.caches.add('coupon_lists', couponLists.stats);
  app.decorate('couponLists', couponLists);
  app.decorate(
    'coupons',
    couponService({ db: app.db, clock: app.clock, stores: app.stores, couponLists }),
  );
  await app.register(couponRoutes, { prefix: '/api/v1/coupons' });
  await app.register(legacyCouponRoutes, { prefix: '/api/coupons' });
}

export default fp(couponsPlugin, { name: 'coupons', dependencies: ['auth', 'stores'] });
