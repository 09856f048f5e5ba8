import { getClientConfig, type ClientId } from '@cc/config';
import { addMonths, localProvider } from '../billing/local-provider';
import { billingRepository } from '../billing/repository';
import { billingSync } from '../billing/sync';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';

/** How long after a period ends the renewal job charges it (it runs every minute). */
const RENEWAL_DELAY_MS = 60 * 1000;
/** Rounds of the renewal job at one moment, as the job's own limit. */
const RENEWAL_ROUNDS = 100;

/**
 * The demo store pays through the local payment processor at `start` with the
 * test Visa card and is renewed twice, by the processor's own checkout and
 * renewal functions with the clock moved back to each moment, and billing sync
 * records every step (three paid orders with their receipts). No mail is queued.
 * Renewals charge whatever else was due at those moments too, as the renewal
 * job would have, and sync it. Does nothing when the store has had any
 * subscription; answers whether it subscribed.
 */
export async function subscribeDemoStore(
  db: Db,
  params: { storeId: number; email: string; client: ClientId; start: Date; clock: Clock },
): Promise<boolean> {
  const repo = billingRepository(db);
  if (await repo.currentSubscription(params.storeId)) return false;
  let moment = params.start;
  const clock: Clock = { now: () => moment };
  const local = localProvider({ db, clock });
  const sync = billingSync({ db, repo, provider: local.provider, clock });
  const config = getClientConfig(params.client);
  const card = {
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: params.clock.now().getUTCFullYear() + 3,
    fails_renewal: false,
  };
  const { subscriptionId } = await db.transaction((tx) =>
    local.subscribe(
      {
        storeId: params.storeId,
        email: params.email,
        card,
        amount: config.priceMinor,
        currency: config.currency,
      },
      tx,
    ),
  );
  await sync.syncSubscription(subscriptionId, params.storeId);

  let periodEnd = addMonths(params.start, 1);
  for (let renewal = 0; renewal < 2; renewal += 1) {
    moment = new Date(periodEnd.getTime() + RENEWAL_DELAY_MS);
    for (let round = 0; round < RENEWAL_ROUNDS; round += 1) {
      const charged = await local.chargeDue();
      if (charged.length === 0) break;
      for (const id of charged) await sync.syncSubscription(id);
    }
    periodEnd = addMonths(periodEnd, 1);
  }
  moment = params.clock.now();
  await sync.syncSubscription(subscriptionId, params.storeId);
  return true;
}
