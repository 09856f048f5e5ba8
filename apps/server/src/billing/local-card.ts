import { and, eq } from 'drizzle-orm';
import type { Clock } from '../core/platform/clock';
import type { Executor } from '../core/data/db';
import { localBillingObjects } from './schema';
import {
  objectId,
  unix,
  type CardData,
  type CustomerData,
  type InvoiceData,
  type localBooks,
  type NewCard,
  type SubscriptionData,
} from './local-books';

/** Statuses whose unpaid renewal a new card pays at once. */
const OWING = new Set(['past_due', 'unpaid']);

export type CardReplaced =
  | { kind: 'updated'; charged: boolean }
  /** The subscription is owing and the new card cannot pay it: nothing changed. */
  | { kind: 'declined' }
  | { kind: 'closed' };

/**
 * The local processor's card update, in the caller's transaction: the new card becomes the
 * customer's default and the old default is detached. While the subscription is past_due or
 * unpaid, the new card is charged at once: the latest unpaid renewal invoice is paid now,
 * the subscription is active again and its period runs a month from the charge.
 */
export async function replaceCard(
  deps: {
    books: ReturnType<typeof localBooks>;
    clock: Clock;
    addMonths: (date: Date, months: number) => Date;
  },
  params: { customerId: string; subscriptionId: string | null; card: NewCard },
  executor: Executor,
): Promise<CardReplaced> {
  const { objects, one, put } = deps.books;
  const now = deps.clock.now();
  // Lock the subscription against the renewal job (which skips locked rows) while the card changes.
  if (params.subscriptionId) {
    await executor
      .select({ id: localBillingObjects.id })
      .from(localBillingObjects)
      .where(eq(localBillingObjects.id, params.subscriptionId))
      .for('update');
  }
  const customer = await one<CustomerData>(params.customerId, 'customer', executor);
  if (!customer) return { kind: 'closed' };
  const subscription = params.subscriptionId
    ? await one<SubscriptionData>(params.subscriptionId, 'subscription', executor)
    : undefined;
  const owing =
    subscription !== undefined &&
    subscription.customer === customer.id &&
    OWING.has(subscription.status);
  if (owing && params.card.fails_renewal) return { kind: 'declined' };

  const card: CardData = {
    ...params.card,
    id: objectId('pm'),
    customer: customer.id,
    created: unix(now),
  };
  await put('payment_method', card, executor);
  await put(
    'customer',
    { ...customer, customer: customer.id, default_payment_method: card.id },
    executor,
  );
  const previous = customer.default_payment_method;
  if (previous && previous !== card.id) {
    await executor
      .delete(localBillingObjects)
      .where(
        and(eq(localBillingObjects.id, previous), eq(localBillingObjects.kind, 'payment_method')),
      );
  }
  if (!owing) return { kind: 'updated', charged: false };

  const [unpaid] = await objects<InvoiceData>(
    and(
      eq(localBillingObjects.kind, 'invoice'),
      eq(localBillingObjects.subscriptionId, subscription.id),
      eq(localBillingObjects.customerId, customer.id),
    ),
    executor,
  ).then((invoices) =>
    invoices.filter((invoice) => !invoice.paid).sort((a, b) => b.created - a.created),
  );
  const paid: InvoiceData = unpaid
    ? { ...unpaid, paid: true, created: unix(now) }
    : {
        id: objectId('in'),
        subscription: subscription.id,
        customer: customer.id,
        paid: true,
        amount: subscription.amount,
        currency: subscription.currency,
        created: unix(now),
      };
  await put('invoice', paid, executor);
  const periodEnd = deps.addMonths(now, 1);
  await put(
    'subscription',
    { ...subscription, status: 'active', current_period_end: unix(periodEnd), failed_attempts: 0 },
    executor,
    periodEnd,
  );
  return { kind: 'updated', charged: true };
}
