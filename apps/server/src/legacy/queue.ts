import { getClientConfig } from '@cc/config';
import type {
  LegacyCouponQueueItem,
  LegacyMerchantQueueItem,
  LegacyPage,
  LegacyPageQuery,
  ReviewStatus,
} from '@cc/contract';
import { NotFound } from '../core/http/errors';
import type { StoreService } from '../stores/service';
import type { ReviewService } from '../review/service';
import type { LegacyRepository } from './repository';
import { DEFAULT_PAGE_SIZE, toLegacyCoupon, toLegacyQueueItem } from './wire';

/** The review queue in the legacy shapes (staff only; the routes check). */
export function queueService(deps: {
  review: ReviewService;
  stores: Pick<StoreService, 'findByOwner'>;
  repo: LegacyRepository;
}) {
  const { review } = deps;
  return {
    async merchants(
      query: LegacyPageQuery & { status?: ReviewStatus | undefined },
    ): Promise<LegacyPage<LegacyMerchantQueueItem>> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      const { total, results } = await review.pageAt({
        status: query.status,
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return {
        Items: results.map(toLegacyQueueItem),
        TotalCount: total,
        Page: page,
        PageSize: pageSize,
      };
    },

    async byAdvertiser(advertiserId: number): Promise<LegacyMerchantQueueItem> {
      const store = await deps.stores.findByOwner(advertiserId);
      if (!store) throw new NotFound();
      return toLegacyQueueItem(await review.get(store.id));
    },

    /** The coupon with its store's place in the queue. */
    async byCoupon(couponId: number): Promise<LegacyCouponQueueItem> {
      const row = await deps.repo.couponById(couponId);
      if (!row) throw new NotFound();
      const entry = await review.get(row.store.id);
      return {
        CouponId: row.coupon.id,
        MerchantId: row.store.id,
        Status: entry.status,
        QueuedAt: entry.queued_at,
        PreviewUrl: entry.preview_url,
        Coupon: toLegacyCoupon(row, {
          pageUrl: entry.store.url,
          money: getClientConfig(entry.store.client),
        }),
      };
    },
  };
}
export type QueueService = ReturnType<typeof queueService>;
