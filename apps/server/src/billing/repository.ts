import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../core/data/db';
import { storeDirectory } from '../stores/read-model';
import type { ProviderKind } from './provider';
import {
  billingCheckoutSessions,
  billingCustomers,
  billingDetails,
  billingPaymentMethods,
  billingSubscriptions,
  billingTransactions,
  billingWebhookEvents,
} from './schema';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type TransactionRow = typeof billingTransactions.$inferSelect;
export type PaymentMethodRow = typeof billingPaymentMethods.$inferSelect;
export type CheckoutSessionRow = typeof billingCheckoutSessions.$inferSelect;
type NewSubscription = typeof billingSubscriptions.$inferInsert;
type NewTransaction = typeof billingTransactions.$inferInsert;
type NewPaymentMethod = typeof billingPaymentMethods.$inferInsert;
export type BillingDetailsRow = typeof billingDetails.$inferSelect;

/** The current subscription as ownerSummary reads it: times in unix seconds. */
export type OwnerSubscription = {
  status: string;
  start: number;
  canceled: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
};
/** An owner's store (null: none), its latest transaction id and its current subscription. */
export type OwnerSummary = {
  storeId: number | null;
  txnId: number | null;
  subscription: OwnerSubscription | null;
};

const subscriptionIs = (provider: ProviderKind, subscriptionId: string) =>
  and(
    eq(billingSubscriptions.provider, provider),
    eq(billingSubscriptions.providerSubscriptionId, subscriptionId),
  );
const LIVE = ['active', 'trialing', 'incomplete', 'past_due', 'unpaid', 'paused'];

/** SQL over the billing tables (src/billing/schema.ts). */
export function billingRepository(db: Executor) {
  // The reads behind every store and /auth/me/ answer, prepared once.
  const liveFirst = sql`${billingSubscriptions.status} in (${sql.join(
    LIVE.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const currentSubscription = db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.storeId, sql.placeholder('storeId')))
    .orderBy(desc(liveFirst), desc(billingSubscriptions.startDate), desc(billingSubscriptions.id))
    .limit(1)
    .prepare('billing_current_subscription');
  // What /auth/me/ shows of an owner's billing, in one statement: the latest transaction
  // and the current subscription (the same choice as currentSubscription).
  // Spelled out: in a one-table select Drizzle writes columns unqualified, and a bare "id"
  // inside the subqueries would be the subquery's own.
  const outerStoreId = sql`${storeDirectory}.${sql.identifier('id')}`;
  const ownerSummary = db
    .select({
      storeId: storeDirectory.id,
      txnId: sql<number | null>`(select ${billingTransactions.id} from ${billingTransactions}
        where ${billingTransactions.storeId} = ${outerStoreId}
        order by ${billingTransactions.paidAt} desc, ${billingTransactions.id} desc limit 1)`,
      subscription: sql<OwnerSubscription | null>`(select json_build_object(
          'status', ${billingSubscriptions.status},
          'start', floor(extract(epoch from ${billingSubscriptions.startDate}))::bigint,
          'canceled', floor(extract(epoch from ${billingSubscriptions.canceledAt}))::bigint,
          'periodEnd', floor(extract(epoch from ${billingSubscriptions.currentPeriodEnd}))::bigint,
          'cancelAtPeriodEnd', ${billingSubscriptions.cancelAtPeriodEnd})
        from ${billingSubscriptions} where ${billingSubscriptions.storeId} = ${outerStoreId}
        order by ${liveFirst} desc, ${billingSubscriptions.startDate} desc, ${billingSubscriptions.id} desc limit 1)`,
    })
    .from(storeDirectory)
    .where(eq(storeDirectory.userId, sql.placeholder('userId')))
    .orderBy(storeDirectory.id)
    .limit(1)
    .prepare('billing_owner_summary');

  return {
    async customerForStore(storeId: number, provider: ProviderKind, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(billingCustomers)
        .where(and(eq(billingCustomers.storeId, storeId), eq(billingCustomers.provider, provider)))
        .orderBy(desc(billingCustomers.id))
        .limit(1);
      return row;
    },
    async storeOfCustomer(provider: ProviderKind, customerId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ storeId: billingCustomers.storeId })
        .from(billingCustomers)
        .where(
          and(
            eq(billingCustomers.provider, provider),
            eq(billingCustomers.providerCustomerId, customerId),
          ),
        );
      return row?.storeId;
    },
    async saveCustomer(values: typeof billingCustomers.$inferInsert, executor: Executor = db) {
      await executor.insert(billingCustomers).values(values).onConflictDoNothing();
    },

    async saveSubscription(values: NewSubscription, executor: Executor = db): Promise<void> {
      await executor
        .insert(billingSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: [billingSubscriptions.provider, billingSubscriptions.providerSubscriptionId],
          set: {
            status: values.status,
            startDate: values.startDate,
            currentPeriodEnd: values.currentPeriodEnd,
            canceledAt: values.canceledAt,
            cancelAtPeriodEnd: values.cancelAtPeriodEnd ?? false,
            providerCustomerId: values.providerCustomerId,
            syncedAt: values.syncedAt,
          },
          // Last read wins, not last write: two webhooks syncing at once may finish out of order.
          setWhere: sql`${billingSubscriptions.syncedAt} <= excluded.synced_at`,
        });
    },
    async storeOfSubscription(
      provider: ProviderKind,
      subscriptionId: string,
      executor: Executor = db,
    ) {
      const [row] = await executor
        .select({ storeId: billingSubscriptions.storeId })
        .from(billingSubscriptions)
        .where(subscriptionIs(provider, subscriptionId));
      return row?.storeId;
    },
    /** The subscription's status as last synced; undefined before its first sync. */
    async subscriptionStatus(
      provider: ProviderKind,
      subscriptionId: string,
      executor: Executor = db,
    ) {
      const [row] = await executor
        .select({ status: billingSubscriptions.status })
        .from(billingSubscriptions)
        .where(subscriptionIs(provider, subscriptionId));
      return row?.status;
    },
    /** The store's subscription to show: the newest live one, else the newest. */
    async currentSubscription(storeId: number): Promise<SubscriptionRow | undefined> {
      const [row] = await currentSubscription.execute({ storeId });
      return row;
    },
    /** Each store's subscription to show (as currentSubscription chooses), in one read; stores without one are left out. */
    async currentSubscriptions(storeIds: number[]): Promise<Map<number, SubscriptionRow>> {
      if (storeIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([billingSubscriptions.storeId])
        .from(billingSubscriptions)
        .where(inArray(billingSubscriptions.storeId, storeIds))
        .orderBy(
          billingSubscriptions.storeId,
          desc(liveFirst),
          desc(billingSubscriptions.startDate),
          desc(billingSubscriptions.id),
        );
      return new Map(rows.map((row) => [row.storeId, row]));
    },
    async liveSubscriptions(storeId: number, executor: Executor = db): Promise<SubscriptionRow[]> {
      return executor
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.storeId, storeId),
            inArray(billingSubscriptions.status, LIVE),
          ),
        )
        .orderBy(desc(billingSubscriptions.startDate), desc(billingSubscriptions.id));
    },

    /** Records a paid invoice once and answers the new row; a second sync of the same invoice changes nothing. */
    async saveTransaction(
      values: NewTransaction,
      executor: Executor = db,
    ): Promise<TransactionRow | undefined> {
      const [row] = await executor
        .insert(billingTransactions)
        .values(values)
        .onConflictDoNothing({
          target: [billingTransactions.provider, billingTransactions.providerInvoiceId],
        })
        .returning();
      return row;
    },
    async transactionsForStore(
      storeId: number,
      executor: Executor = db,
    ): Promise<TransactionRow[]> {
      return executor
        .select()
        .from(billingTransactions)
        .where(eq(billingTransactions.storeId, storeId))
        .orderBy(desc(billingTransactions.paidAt), desc(billingTransactions.id));
    },
    /** The owner's store id, latest transaction id and current subscription (status, unix start, cancel and period end, whether it ends then), or nulls. */
    async ownerSummary(userId: number): Promise<OwnerSummary> {
      const [row] = await ownerSummary.execute({ userId });
      return {
        storeId: row?.storeId ?? null,
        txnId: row?.txnId ?? null,
        subscription: row?.subscription ?? null,
      };
    },
    async transactionByReceipt(token: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(billingTransactions)
        .where(eq(billingTransactions.receiptToken, token));
      return row;
    },
    async transactionByInvoice(provider: ProviderKind, invoiceId: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(billingTransactions)
        .where(
          and(
            eq(billingTransactions.provider, provider),
            eq(billingTransactions.providerInvoiceId, invoiceId),
          ),
        );
      return row;
    },

    /** Makes the store's cards of one customer exactly `methods`. */
    async replacePaymentMethods(
      params: {
        storeId: number;
        provider: ProviderKind;
        customerId: string;
        methods: NewPaymentMethod[];
      },
      executor: Executor = db,
    ): Promise<void> {
      const ids = params.methods.map((m) => m.providerPaymentMethodId);
      const ofCustomer = and(
        eq(billingPaymentMethods.provider, params.provider),
        eq(billingPaymentMethods.providerCustomerId, params.customerId),
      );
      await executor
        .delete(billingPaymentMethods)
        .where(
          ids.length
            ? and(ofCustomer, notInArray(billingPaymentMethods.providerPaymentMethodId, ids))
            : ofCustomer,
        );
      for (const method of params.methods) {
        await executor
          .insert(billingPaymentMethods)
          .values(method)
          .onConflictDoUpdate({
            target: [billingPaymentMethods.provider, billingPaymentMethods.providerPaymentMethodId],
            set: {
              storeId: method.storeId,
              isDefault: method.isDefault,
              expMonth: method.expMonth,
              expYear: method.expYear,
            },
          });
      }
    },
    async paymentMethodsForStore(
      storeId: number,
      executor: Executor = db,
    ): Promise<PaymentMethodRow[]> {
      return executor
        .select()
        .from(billingPaymentMethods)
        .where(eq(billingPaymentMethods.storeId, storeId))
        .orderBy(
          desc(billingPaymentMethods.isDefault),
          desc(billingPaymentMethods.addedAt),
          desc(billingPaymentMethods.id),
        );
    },

    async createCheckoutSession(
      values: typeof billingCheckoutSessions.$inferInsert,
      executor: Executor = db,
    ) {
      const [row] = await executor.insert(billingCheckoutSessions).values(values).returning();
      return row;
    },
    async checkoutSession(
      id: string,
      executor: Executor = db,
    ): Promise<CheckoutSessionRow | undefined> {
      const [row] = await executor
        .select()
        .from(billingCheckoutSessions)
        .where(eq(billingCheckoutSessions.id, id));
      return row;
    },
    /** Locks an open session for completion; undefined when it is not open (paid already, or by a parallel request). */
    async lockOpenCheckoutSession(
      id: string,
      executor: Executor,
    ): Promise<CheckoutSessionRow | undefined> {
      const [row] = await executor
        .select()
        .from(billingCheckoutSessions)
        .where(and(eq(billingCheckoutSessions.id, id), eq(billingCheckoutSessions.status, 'open')))
        .for('update');
      return row;
    },
    async completeCheckoutSession(
      id: string,
      subscriptionId: string,
      executor: Executor,
    ): Promise<void> {
      await executor
        .update(billingCheckoutSessions)
        .set({ status: 'complete', providerSubscriptionId: subscriptionId })
        .where(eq(billingCheckoutSessions.id, id));
    },

    async detailsForStore(
      storeId: number,
      executor: Executor = db,
    ): Promise<BillingDetailsRow | undefined> {
      const [row] = await executor
        .select()
        .from(billingDetails)
        .where(eq(billingDetails.storeId, storeId));
      return row;
    },
    async saveDetails(values: BillingDetailsRow, executor: Executor = db): Promise<void> {
      const { storeId: _storeId, ...changes } = values;
      await executor
        .insert(billingDetails)
        .values(values)
        .onConflictDoUpdate({ target: billingDetails.storeId, set: changes });
    },

    async eventSeen(eventId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: billingWebhookEvents.eventId })
        .from(billingWebhookEvents)
        .where(eq(billingWebhookEvents.eventId, eventId));
      return row !== undefined;
    },
    async recordEvent(
      event: typeof billingWebhookEvents.$inferInsert,
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(billingWebhookEvents).values(event).onConflictDoNothing();
    },
  };
}
export type BillingRepository = ReturnType<typeof billingRepository>;
