import { sql } from 'drizzle-orm';
import { storeDirectory } from '../stores/read-model';
import { LIVE_STATUSES } from './provider';
import { billingSubscriptions } from './schema';

const liveStatuses = sql.join(
  [...LIVE_STATUSES].map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The store's current subscription as PageHead.subscription has it
 * (`status|periodEndSeconds|ending`, where ending is `1` when it was cancelled and ends at
 * the period's end, else empty; live ones first, then the newest), or null: a column for
 * any select from the store directory. Billing keeps how the current subscription is chosen.
 *
 * The store's id is spelled out with the view's name: in a one-table select Drizzle writes
 * columns unqualified, and a bare "id" inside the subquery would be the subscription's own.
 */
export const storeSubscriptionSummary = sql<
  string | null
>`(select ${billingSubscriptions.status} || '|' ||
  coalesce(floor(extract(epoch from ${billingSubscriptions.currentPeriodEnd}))::bigint::text, '') || '|' ||
  (case when ${billingSubscriptions.cancelAtPeriodEnd} then '1' else '' end)
  from ${billingSubscriptions} where ${billingSubscriptions.storeId} = ${storeDirectory}.${sql.identifier('id')}
  order by (${billingSubscriptions.status} in (${liveStatuses})) desc,
    ${billingSubscriptions.startDate} desc, ${billingSubscriptions.id} desc limit 1)`;
