import { and, desc, eq, gte, inArray, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { couponFeedback, couponVisitors } from './schema';

/** How many of a coupon's latest answers the review console weighs. */
export const LATEST_ANSWERS = 20;

export type FeedbackCounts = { yes: number; no: number };

/** Shoppers' answers to "Did this code work?": written once per visitor, coupon and UTC day; read as counts. */
export function feedbackRepository(db: Executor) {
  return {
    /**
     * Records the answer unless this visitor already answered for the coupon on
     * `day`: in one statement, the visitor goes into coupon_visitors (kind
     * 'answers', skipped when there) and only a new row adds an answer. True when added.
     */
    async answer(
      {
        couponId,
        day,
        visitor,
        worked,
        at,
      }: { couponId: number; day: string; visitor: string; worked: boolean; at: Date },
      executor: Executor = db,
    ): Promise<boolean> {
      const fresh = executor
        .$with('fresh')
        .as(
          executor
            .insert(couponVisitors)
            .values({ day, couponId, kind: 'answers', visitor })
            .onConflictDoNothing()
            .returning({ couponId: couponVisitors.couponId }),
        );
      const added = await executor
        .with(fresh)
        .insert(couponFeedback)
        .select(
          executor
            .select({
              // insert ... select names every column: the id from its own sequence.
              id: sql<number>`nextval(pg_get_serial_sequence('coupon_feedback', 'id'))`.as('id'),
              couponId: fresh.couponId,
              day: sql<string>`${day}::date`.as('day'),
              worked: sql<boolean>`${worked}::boolean`.as('worked'),
              answeredAt: sql<Date>`${at.toISOString()}::timestamptz`.as('answered_at'),
            })
            .from(fresh),
        )
        .returning({ id: couponFeedback.id });
      return added.length > 0;
    },

    /** Yes and No answers per coupon (ids, or a subquery of them) between two days (inclusive); coupons without answers are left out. */
    async countsBetween(
      couponIds: number[] | SQLWrapper,
      from: string,
      to: string,
      executor: Executor = db,
    ) {
      if (Array.isArray(couponIds) && couponIds.length === 0)
        return new Map<number, FeedbackCounts>();
      const rows = await executor
        .select({
          couponId: couponFeedback.couponId,
          yes: sql<number>`count(*) filter (where ${couponFeedback.worked})`.mapWith(Number),
          no: sql<number>`count(*) filter (where not ${couponFeedback.worked})`.mapWith(Number),
        })
        .from(couponFeedback)
        .where(
          and(
            inArray(couponFeedback.couponId, couponIds),
            gte(couponFeedback.day, from),
            lte(couponFeedback.day, to),
          ),
        )
        .groupBy(couponFeedback.couponId);
      return new Map(rows.map((row) => [row.couponId, { yes: row.yes, no: row.no }]));
    },

    /** A coupon's latest answers, newest first (at most LATEST_ANSWERS). */
    async latest(couponId: number, executor: Executor = db): Promise<boolean[]> {
      const rows = await executor
        .select({ worked: couponFeedback.worked })
        .from(couponFeedback)
        .where(eq(couponFeedback.couponId, couponId))
        .orderBy(desc(couponFeedback.day), desc(couponFeedback.id))
        .limit(LATEST_ANSWERS);
      return rows.map((row) => row.worked);
    },
  };
}
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
