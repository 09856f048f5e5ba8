import type { Executor } from '../core/db';
import { reviewRepository } from './repository';

/**
 * Records that the merchant sent a declined store back to review, in the transaction of
 * their edit (the stores service calls it; the review history is the review feature's).
 */
export async function recordResubmission(
  executor: Executor,
  resubmission: { storeId: number; merchantId: number; at: Date },
): Promise<void> {
  await reviewRepository(executor).record(
    { storeId: resubmission.storeId, actorId: resubmission.merchantId, action: 'resubmit', at: resubmission.at },
    executor,
  );
}
