import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import { localBillingObjects } from './schema';

/** The objects the local processor keeps, shaped as Stripe's API answers them. */
export type CustomerData = {
  id: string;
  store_id: number;
  email: string;
  default_payment_method: string | null;
};
export type CardData = {
  id: string;
  customer: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created: number;
  /** Test cards such as 4000 0000 0000 0341 attach but fail every later charge. */
  fails_renewal: boolean;
};
export type SubscriptionData = {
  id: string;
  customer: string;
  status: string;
  start_date: number;
  current_period_end: number;
  canceled_at: number | null;
  /** Ends at current_period_end instead of renewing (absent in books written before it existed). */
  cancel_at_period_end?: boolean;
  amount: number;
  currency: string;
  failed_attempts: number;
};
export type InvoiceData = {
  id: string;
  subscription: string;
  customer: string;
  paid: boolean;
  amount: number;
  currency: string;
  created: number;
};

export type NewCard = Omit<CardData, 'id' | 'customer' | 'created'>;

export const objectId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The local processor's books: its objects in local_billing_objects, read in the order they were written. */
export function localBooks(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function objects<T>(where: ReturnType<typeof and>, executor: Executor = db): Promise<T[]> {
    const rows = await executor
      .select()
      .from(localBillingObjects)
      .where(where)
      .orderBy(asc(localBillingObjects.seq));
    return rows.map((row) => row.data as T);
  }
  async function one<T>(
    id: string,
    kind: 'customer' | 'payment_method' | 'subscription',
    executor: Executor = db,
  ) {
    const [row] = await objects<T>(
      and(eq(localBillingObjects.id, id), eq(localBillingObjects.kind, kind)),
      executor,
    );
    return row;
  }
  async function put<T extends { id: string; customer?: string; subscription?: string }>(
    kind: (typeof localBillingObjects.$inferInsert)['kind'],
    data: T,
    executor: Executor,
    dueAt?: Date | null,
  ): Promise<void> {
    await executor
      .insert(localBillingObjects)
      .values({
        id: data.id,
        kind,
        customerId: data.customer ?? null,
        subscriptionId: data.subscription ?? null,
        data,
        dueAt: dueAt ?? null,
        createdAt: clock.now(),
      })
      .onConflictDoUpdate({
        target: localBillingObjects.id,
        set: { data, ...(dueAt === undefined ? {} : { dueAt }) },
      });
  }

  return { objects, one, put };
}
