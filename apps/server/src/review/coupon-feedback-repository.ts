import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { CLIENTS } from '@cc/config';
import {
  FEEDBACK_LATEST_ANSWERS,
  FEEDBACK_MIN_ANSWERS,
  type FailingCoupon,
} from '@cc/contract/coupon-feedback';
import { couponHeadline } from '@cc/contract/offer';
import { storeSubscriptionSummary } from '../billing/read-model';
import { isoDate, type Clock } from '../core/platform/clock';
import type { Executor } from '../core/data/db';
import { decodeOfferRow } from '../coupons/offer-row';
import { couponDirectory, couponFields, currentOn } from '../coupons/read-model';
import type { PageHead } from '../public-pages/types';
import { couponAnswers } from '../public-pages/read-model';
import { storeDirectory } from '../stores/read-model';

/**
 * The coupons whose latest answers are mostly No, with their Yes and No counts among those
 * answers (a window over the answers' index order), on approved stores, with a code, shown
 * today.
 */
async function answeredCoupons(db: Executor, today: string) {
  const ranked = db
    .select({
      couponId: couponAnswers.couponId,
      worked: couponAnswers.worked,
      rank: sql<number>`row_number() over (partition by ${couponAnswers.couponId}
        order by ${couponAnswers.day} desc, ${couponAnswers.id} desc)`.as('rank'),
    })
    .from(couponAnswers)
    .as('ranked');
  const yes = sql<number>`count(*) filter (where ${ranked.worked})`;
  const no = sql<number>`count(*) filter (where not ${ranked.worked})`;
  const tallies = db
    .select({ couponId: ranked.couponId, yes: yes.as('yes'), no: no.as('no') })
    .from(ranked)
    .where(lte(ranked.rank, FEEDBACK_LATEST_ANSWERS))
    .groupBy(ranked.couponId)
    .having(and(sql`count(*) >= ${FEEDBACK_MIN_ANSWERS}`, sql`${no} > ${yes}`))
    .as('tallies');
  return db
    .select({
      coupon: couponFields,
      store: {
        id: storeDirectory.id,
        name: storeDirectory.name,
        slug: storeDirectory.slug,
        client: storeDirectory.client,
        isApproved: storeDirectory.isApproved,
      },
      subscription: storeSubscriptionSummary,
      yes: sql<number>`${tallies.yes}`.mapWith(Number),
      no: sql<number>`${tallies.no}`.mapWith(Number),
    })
    .from(tallies)
    .innerJoin(couponDirectory, eq(couponDirectory.id, tallies.couponId))
    .innerJoin(storeDirectory, eq(storeDirectory.id, couponDirectory.storeId))
    .where(
      and(
        eq(storeDirectory.isApproved, true),
        ne(sql`trim(${couponDirectory.discountCode})`, ''),
        currentOn(today),
      ),
    )
    .orderBy(desc(tallies.no), asc(storeDirectory.name), asc(couponDirectory.id));
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
        .filter((row) =>
          deps.isLiveNow({ isApproved: row.store.isApproved, subscription: row.subscription }),
        )
        .map((row) => ({
          store: {
            id: row.store.id,
            name: row.store.name,
            slug: row.store.slug,
            client: row.store.client,
          },
          coupon: {
            id: row.coupon.id,
            headline: couponHeadline(decodeOfferRow(row.coupon), CLIENTS[row.store.client]),
            description: row.coupon.description,
            discount_code: row.coupon.discountCode,
          },
          yes: row.yes,
          no: row.no,
        }));
    },
  };
}
