import type { FastifyInstance } from 'fastify';
import type { Store } from '@cc/contract';
import { billingSubscriptions } from '../src/billing/schema';
import { createStaff } from '../src/seed';
import { call, couponBody, merchantWithStore, uniqueEmail } from './helpers';
import { enrolStaff } from './second-factor-fixtures';

/**
 * A signed-in staff user (client 7), made with the same function as `create-staff`: their
 * first sign-in enrols an authenticator app, as staff sign-in requires.
 */
export async function staffToken(app: FastifyInstance): Promise<string> {
  const email = uniqueEmail('staff');
  await createStaff(app.db, { email, password: 'staff-secret', clock: app.clock });
  return (await enrolStaff(app, email, 'staff-secret')).token;
}

/** Writes the store's subscription as billing sync would have left it. */
export async function subscribe(
  app: FastifyInstance,
  storeId: number,
  status: string,
  options: { periodEnd?: Date; start?: Date } = {},
): Promise<void> {
  const start = options.start ?? new Date(app.clock.now().getTime() - 24 * 3600 * 1000);
  await app.db.insert(billingSubscriptions).values({
    storeId,
    provider: 'local',
    providerSubscriptionId: `sub_${storeId}_${status}_${start.getTime()}`,
    providerCustomerId: `cus_${storeId}`,
    status,
    startDate: start,
    currentPeriodEnd: options.periodEnd ?? new Date(start.getTime() + 30 * 24 * 3600 * 1000),
    canceledAt: status === 'canceled' ? app.clock.now() : null,
    syncedAt: app.clock.now(),
  });
}

/** A merchant's store with coupons, approved by staff and paid: its page is live. */
export async function liveStore(
  app: FastifyInstance,
  staff: string,
  coupons: Record<string, unknown>[] = [{}],
): Promise<{ token: string; store: Store; couponIds: number[] }> {
  const { token, store } = await merchantWithStore(app);
  const couponIds: number[] = [];
  for (const overrides of coupons) {
    const response = await call(app, 'POST', '/api/v1/coupons/', {
      token,
      body: couponBody(app.clock, { ...overrides, store: store.id }),
    });
    if (response.statusCode !== 201)
      throw new Error(`coupon failed: ${response.statusCode} ${response.body}`);
    couponIds.push(response.json<{ id: number }>().id);
  }
  await subscribe(app, store.id, 'active');
  const approved = await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, {
    token: staff,
  });
  if (approved.statusCode !== 200)
    throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return { token, store, couponIds };
}
