import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../core/platform/clock';
import type { Db, Executor } from '../core/data/db';
import {
  LIVE_STATUSES,
  type BillingProvider,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type ProviderSubscription,
} from './provider';
import {
  localBooks,
  objectId,
  unix,
  type CardData,
  type CustomerData,
  type InvoiceData,
  type NewCard,
  type SubscriptionData,
} from './local-books';
import { replaceCard, type CardReplaced } from './local-card';
import { localBillingObjects } from './schema';

/** Retries of a failed renewal before the subscription turns unpaid. */
export const RENEWAL_ATTEMPTS = 3;
export const RENEWAL_RETRY_MS = 3 * 24 * 60 * 60 * 1000;

/** The same day next month (clamped: 31 January -> 28/29 February), in UTC. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The embedded payment processor: keeps its books in local_billing_objects
 * and answers the sync service the way Stripe's API does.
 */
export function localProvider(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const books = localBooks(deps);
  const { objects, one, put } = books;

  const provider: BillingProvider = {
    kind: 'local',
    async retrieveSubscription(id): Promise<ProviderSubscription | null> {
      const data = await one<SubscriptionData>(id, 'subscription');
      if (!data) return null;
      return {
        id: data.id,
        customerId: data.customer,
        status: data.status,
        startDate: data.start_date,
        currentPeriodEnd: data.current_period_end,
        canceledAt: data.canceled_at,
        cancelAtPeriodEnd: data.cancel_at_period_end === true,
      };
    },
    async listInvoices(subscriptionId): Promise<ProviderInvoice[]> {
      const invoices = await objects<InvoiceData>(
        and(
          eq(localBillingObjects.kind, 'invoice'),
          eq(localBillingObjects.subscriptionId, subscriptionId),
        ),
      );
      return invoices.map((invoice) => ({
        id: invoice.id,
        subscriptionId: invoice.subscription,
        customerId: invoice.customer,
        paid: invoice.paid,
        amountPaid: invoice.paid ? invoice.amount : 0,
        currency: invoice.currency,
        paidAt: invoice.created,
        receiptUrl: null,
      }));
    },
    async listPaymentMethods(customerId): Promise<ProviderPaymentMethod[]> {
      const customer = await one<CustomerData>(customerId, 'customer');
      const cards = await objects<CardData>(
        and(
          eq(localBillingObjects.kind, 'payment_method'),
          eq(localBillingObjects.customerId, customerId),
        ),
      );
      return cards.map((card) => ({
        id: card.id,
        customerId: card.customer,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        created: card.created,
        isDefault: customer?.default_payment_method === card.id,
      }));
    },
    async detachPaymentMethod(id): Promise<void> {
      await db.transaction(async (tx) => {
        const card = await one<CardData>(id, 'payment_method', tx);
        if (!card) return;
        await tx.delete(localBillingObjects).where(eq(localBillingObjects.id, id));
        const customer = await one<CustomerData>(card.customer, 'customer', tx);
        if (customer?.default_payment_method === id) {
          const [next] = await objects<CardData>(
            and(
              eq(localBillingObjects.kind, 'payment_method'),
              eq(localBillingObjects.customerId, card.customer),
            ),
            tx,
          );
          await put('customer', { ...customer, default_payment_method: next?.id ?? null }, tx);
        }
      });
    },
    async setDefaultPaymentMethod(customerId, id): Promise<void> {
      await db.transaction(async (tx) => {
        const card = await one<CardData>(id, 'payment_method', tx);
        const customer = await one<CustomerData>(customerId, 'customer', tx);
        if (!card || !customer || card.customer !== customerId) return;
        await put(
          'customer',
          { ...customer, customer: customerId, default_payment_method: id },
          tx,
        );
      });
    },
    async cancelSubscription(id): Promise<void> {
      await db.transaction((tx) => cancelIn(id, tx));
    },
    // As Stripe: canceled_at is set when the cancellation is asked for; the renewal job ends it at the period's end.
    async cancelAtPeriodEnd(id): Promise<void> {
      await db.transaction(async (tx) => {
        const data = await one<SubscriptionData>(id, 'subscription', tx);
        if (!data || !LIVE_STATUSES.has(data.status) || data.cancel_at_period_end) return;
        await put(
          'subscription',
          { ...data, cancel_at_period_end: true, canceled_at: unix(clock.now()) },
          tx,
        );
      });
    },
    async resume(id): Promise<void> {
      await db.transaction(async (tx) => {
        const data = await one<SubscriptionData>(id, 'subscription', tx);
        if (!data?.cancel_at_period_end || !LIVE_STATUSES.has(data.status)) return;
        if (data.current_period_end <= unix(clock.now())) return;
        await put('subscription', { ...data, cancel_at_period_end: false, canceled_at: null }, tx);
      });
    },
  };

  async function cancelIn(id: string, executor: Executor): Promise<void> {
    const data = await one<SubscriptionData>(id, 'subscription', executor);
    if (!data || !LIVE_STATUSES.has(data.status)) return;
    await put(
      'subscription',
      { ...data, status: 'canceled', canceled_at: unix(clock.now()) },
      executor,
      null,
    );
  }

  /** The store's customer (created on first payment, reused afterwards). */
  async function customerOf(
    storeId: number,
    email: string,
    executor: Executor,
  ): Promise<CustomerData> {
    const [existing] = await objects<CustomerData>(
      and(
        eq(localBillingObjects.kind, 'customer'),
        sql`(${localBillingObjects.data}->>'store_id')::int = ${storeId}`,
      ),
      executor,
    );
    if (existing) return existing;
    const id = objectId('cus');
    const customer: CustomerData = { id, store_id: storeId, email, default_payment_method: null };
    await put('customer', { ...customer, customer: id }, executor);
    return customer;
  }

  return {
    provider,

    /**
     * The store's live subscriptions with their status (checked before taking a new payment).
     * One cancelled at its period's end whose period is over reads as canceled: the renewal
     * job ends it, and a new payment may replace it meanwhile.
     */
    async liveSubscriptionsOf(
      storeId: number,
      executor: Executor = db,
    ): Promise<{ id: string; status: string }[]> {
      const rows = await executor
        .select({
          id: localBillingObjects.id,
          status: sql<string>`case when (${localBillingObjects.data}->>'cancel_at_period_end')::boolean is true
            and (${localBillingObjects.data}->>'current_period_end')::bigint <= ${unix(clock.now())}
            then 'canceled' else ${localBillingObjects.data}->>'status' end`,
        })
        .from(localBillingObjects)
        .where(
          and(
            eq(localBillingObjects.kind, 'subscription'),
            sql`${localBillingObjects.customerId} in (select id from local_billing_objects where kind = 'customer' and (data->>'store_id')::int = ${storeId})`,
            inArray(sql`${localBillingObjects.data}->>'status'`, [...LIVE_STATUSES]),
          ),
        );
      return rows;
    },

    /** Cancels inside the caller's transaction (a new checkout replacing an unpaid subscription). */
    cancelIn,

    /** A new default card for the customer, paying an owing subscription at once (local-card.ts). */
    replaceCard: (
      params: { customerId: string; subscriptionId: string | null; card: NewCard },
      executor: Executor,
    ): Promise<CardReplaced> => replaceCard({ books, clock, addMonths }, params, executor),

    /**
     * Takes the first payment: the card becomes the customer's default, a
     * subscription starts now for one month and its first invoice is paid.
     * Runs in the caller's transaction (the one that closes the checkout).
     */
    async subscribe(
      params: { storeId: number; email: string; card: NewCard; amount: number; currency: string },
      executor: Executor,
    ): Promise<{ subscriptionId: string; invoiceId: string }> {
      const now = clock.now();
      const customer = await customerOf(params.storeId, params.email, executor);
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
      const periodEnd = addMonths(now, 1);
      const subscription: SubscriptionData = {
        id: objectId('sub'),
        customer: customer.id,
        status: 'active',
        start_date: unix(now),
        current_period_end: unix(periodEnd),
        canceled_at: null,
        amount: params.amount,
        currency: params.currency,
        failed_attempts: 0,
      };
      await put('subscription', subscription, executor, periodEnd);
      const invoice: InvoiceData = {
        id: objectId('in'),
        subscription: subscription.id,
        customer: customer.id,
        paid: true,
        amount: params.amount,
        currency: params.currency,
        created: unix(now),
      };
      await put('invoice', invoice, executor);
      return { subscriptionId: subscription.id, invoiceId: invoice.id };
    },

    /**
     * Charges every subscription whose period has ended, once per ended
     * period: a paid invoice moves the period on a month; a failed one makes
     * it past_due and retries, and after RENEWAL_ATTEMPTS it is unpaid.
     * Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances can
     * run this at once. Answers the subscriptions it touched.
     */
    async chargeDue(limit = 50): Promise<string[]> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(localBillingObjects)
          .where(
            and(eq(localBillingObjects.kind, 'subscription'), lte(localBillingObjects.dueAt, now)),
          )
          .orderBy(asc(localBillingObjects.dueAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const row of due) {
          const subscription = row.data as SubscriptionData;
          if (!LIVE_STATUSES.has(subscription.status)) {
            await put('subscription', subscription, tx, null);
            continue;
          }
          if (subscription.cancel_at_period_end) {
            // Cancelled by the merchant: the paid period is over, so it ends instead of renewing.
            await put('subscription', { ...subscription, status: 'canceled' }, tx, null);
            continue;
          }
          const customer = await one<CustomerData>(subscription.customer, 'customer', tx);
          const card = customer?.default_payment_method
            ? await one<CardData>(customer.default_payment_method, 'payment_method', tx)
            : undefined;
          const paid = card !== undefined && !card.fails_renewal;
          const periodEnd = new Date(subscription.current_period_end * 1000);
          const chargedAt = paid ? periodEnd : now;
          await put(
            'invoice',
            {
              id: objectId('in'),
              subscription: subscription.id,
              customer: subscription.customer,
              paid,
              amount: subscription.amount,
              currency: subscription.currency,
              created: unix(chargedAt),
            } satisfies InvoiceData,
            tx,
          );
          if (paid) {
            const next = addMonths(periodEnd, 1);
            await put(
              'subscription',
              {
                ...subscription,
                status: 'active',
                current_period_end: unix(next),
                failed_attempts: 0,
              },
              tx,
              next,
            );
          } else {
            const attempts = subscription.failed_attempts + 1;
            const exhausted = attempts >= RENEWAL_ATTEMPTS;
            await put(
              'subscription',
              {
                ...subscription,
                status: exhausted ? 'unpaid' : 'past_due',
                failed_attempts: attempts,
              },
              tx,
              exhausted ? null : new Date(now.getTime() + RENEWAL_RETRY_MS),
            );
          }
        }
        return due.map((row) => row.id);
      });
    },
  };
}
export type LocalProvider = ReturnType<typeof localProvider>;
