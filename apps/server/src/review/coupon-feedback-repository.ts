import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { getClientConfig, isClientId } from '@cc/config';
import { FEEDBACK_LATEST_ANSWERS, FEEDBACK_MIN_ANSWERS, type FailingCoupon } from '@cc/contract/coupon-feedback';
import { isoDate, type Clock } from '../core/clock';
import type { Executor } from '../core/db';
import { coupons } from '../coupons/schema';
import { stores } from '../stores/schema';
import { offerHeadline } from '../public-pages/headline';
import { subscriptionSummary } from '../billing/schema';
import { currentOn } from '../coupons/schema';
import type { PageHead } from '../public-pages/types';
import { couponFeedback } from '../public-pages/schema';

/**
 * Coupons with a code on approved stores, shown today, that have answers: the Yes and
 * No counts among each one's latest answers (a window over the answers' index order).
 */
async function answeredCoupons(db: Executor, today: string) {
  const ranked = db
    .select({
      couponId: couponFeedback.couponId,
      worked: couponFeedback.worked,
      rank: sql<number>`row_number() over (partition by ${couponFeedback.couponId}
        order by ${couponFeedback.day} desc, ${couponFeedback.id} desc)`.as('rank'),
    })
    .from(couponFeedback)
    .as('ranked');
  const yes = sql<number>`count(*) filter (where ${ranked.worked})`.mapWith(Number);
  const no = sql<number>`count(*) filter (where not ${ranked.worked})`.mapWith(Number);
  return db
    .select({
      coupon: coupons,
      store: { id: stores.id, name: stores.name, slug: stores.slug, client: stores.client, isApproved: stores.isApproved },
      subscription: subscriptionSummary,
      yes,
      no,
    })
    .from(ranked)
    .innerJoin(coupons, eq(coupons.id, ranked.couponId))
    .innerJoin(stores, eq(stores.id, coupons.storeId))
    .where(
      and(
        lte(ranked.rank, FEEDBACK_LATEST_ANSWERS),
        eq(stores.isApproved, true),
        ne(sql`trim(${coupons.discountCode})`, ''),
        currentOn(today),
      ),
    )
    .groupBy(coupons.id, stores.id)
    .having(
      and(
        sql`count(*) >= ${FEEDBACK_MIN_ANSWERS}`,
        sql`count(*) filter (where not ${ranked.worked}) > count(*) filter (where ${ranked.worked})`,
      ),
    )
    .orderBy(desc(no), asc(stores.name), asc(coupons.id));
}

/**
 * For the review console: live coupons (on a live page today) with at least
 * FEEDBACK_MIN_ANSWERS answers whose latest FEEDBACK_LATEST_ANSWERS answers to
 * "Did this code work?" are mostly No.
 */
export function couponFeedbackReview(deps: {
  db: Executor;
  clock: Clock;
  isLiveNow: (head: Pick<PageHead, 'isApproved' | 'subscription'>) => boolean;
}) {
  return {
    async failing(): Promise<FailingCoupon[]> {
      const rows = await answeredCoupons(deps.db, isoDate(deps.clock.now()));
      return rows
        .filter((row) => deps.isLiveNow({ isApproved: row.store.isApproved, subscription: row.subscription }))
        .map((row) => ({
          store: { id: row.store.id, name: row.store.name, slug: row.store.slug, client: row.store.client },
          coupon: {
            id: row.coupon.id,
            headline: offerHeadline(row.coupon, getClientConfig(isClientId(row.store.client) ? row.store.client : 7)),
            description: row.coupon.description,
            discount_code: row.coupon.discountCode,
          },
          yes: row.yes,
          no: row.no,
        }));
    },
  };
}
