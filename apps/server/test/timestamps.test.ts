import { and, eq, ilike, inArray, isNotNull, like, or } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import {
  billingCheckoutSessions,
  billingCustomers,
  billingSubscriptions,
  billingTransactions,
  localBillingObjects,
} from '../src/billing/schema';
import { emailTokens, refreshTokens, users } from '../src/auth/schema';
import { coupons } from '../src/coupons/schema';
import { outbox } from '../src/mail/schema';
import { stores } from '../src/stores/schema';
import { reviewActions } from '../src/review/schema';
import { merchant, subscribe } from './fakes/checkout-browser';
import { call, couponBody, describeEachDatabase } from './helpers';
import { staffToken } from './review-fixtures';

const DAY = 24 * 60 * 60 * 1000;

// The catalogue's view of columns and functions, read like any table.
const catalogue = pgSchema('information_schema');
const columns = catalogue.table('columns', {
  tableSchema: text('table_schema'),
  tableName: text('table_name'),
  columnName: text('column_name'),
  dataType: text('data_type'),
  columnDefault: text('column_default'),
});
const routines = catalogue.table('routines', {
  routineSchema: text('routine_schema'),
  routineName: text('routine_name'),
  routineDefinition: text('routine_definition'),
});

const readsTheTime = (value: typeof columns.columnDefault | typeof routines.routineDefinition) =>
  or(
    ...[
      '%now()%',
      '%current_date%',
      '%current_timestamp%',
      '%localtimestamp%',
      '%clock_timestamp%',
    ].map((p) => ilike(value, p)),
  );

describeEachDatabase('one clock: the server writes every time from its own clock', (ctx) => {
  /** The billing rows' write times of a store: checkout, customer, subscription, transaction and the local books. */
  async function billingTimes(storeId: number) {
    const { db } = ctx().app;
    const customers = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.storeId, storeId));
    const ids = customers.map((row) => row.providerCustomerId);
    const books = or(
      inArray(localBillingObjects.id, ids),
      inArray(localBillingObjects.customerId, ids),
    );
    return {
      checkout: (
        await db
          .select()
          .from(billingCheckoutSessions)
          .where(eq(billingCheckoutSessions.storeId, storeId))
      ).map((r) => r.createdAt),
      customers: customers.map((r) => r.createdAt),
      subscriptions: (
        await db
          .select()
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.storeId, storeId))
      ).map((r) => r.syncedAt),
      transactions: (
        await db.select().from(billingTransactions).where(eq(billingTransactions.storeId, storeId))
      ).map((r) => r.createdAt),
      localBooks: (await db.select().from(localBillingObjects).where(books)).map(
        (r) => r.createdAt,
      ),
    };
  }

  it('leaves no column or trigger function to take the time from the database', async () => {
    const { app } = ctx();
    const defaulted = await app.db
      .select({
        table: columns.tableName,
        column: columns.columnName,
        default: columns.columnDefault,
      })
      .from(columns)
      .where(
        and(
          eq(columns.tableSchema, 'public'),
          isNotNull(columns.columnDefault),
          or(
            like(columns.dataType, 'timestamp%'),
            eq(columns.dataType, 'date'),
            readsTheTime(columns.columnDefault),
          ),
        ),
      );
    expect(defaulted).toEqual([]);
    const functions = await app.db
      .select({ name: routines.routineName })
      .from(routines)
      .where(and(eq(routines.routineSchema, 'public'), readsTheTime(routines.routineDefinition)));
    expect(functions).toEqual([]);
  });

  it("stamps accounts, stores, coupons, reviews, mail and billing with the app clock's time, a year from the database's", async () => {
    const { app, clock } = ctx();
    clock.advance(-400 * DAY);
    try {
      const staff = await staffToken(app);
      const m = await merchant(app);
      const token = await m.token();
      const created = await call(app, 'POST', '/api/v1/coupons/', {
        token,
        body: couponBody(clock, { store: m.store.id }),
      });
      expect(created.statusCode).toBe(201);
      const declined = await call(app, 'POST', `/api/v1/review/stores/${m.store.id}/decline/`, {
        token: staff,
        body: { reason: 'Add a logo' },
      });
      expect(declined.statusCode).toBe(200);
      await subscribe(app, token);

      const storeId = m.store.id;
      const [store] = await app.db.select().from(stores).where(eq(stores.id, storeId));
      const userId = store?.userId ?? -1;
      const stamped = {
        user: (await app.db.select().from(users).where(eq(users.id, userId))).map(
          (r) => r.createdAt,
        ),
        store: [store?.createdAt],
        refreshTokens: (
          await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))
        ).map((r) => r.createdAt),
        emailTokens: (
          await app.db.select().from(emailTokens).where(eq(emailTokens.userId, userId))
        ).map((r) => r.createdAt),
        outbox: (await app.db.select().from(outbox).where(eq(outbox.toAddress, m.email))).flatMap(
          (r) => [r.createdAt, r.nextAttemptAt],
        ),
        coupons: (await app.db.select().from(coupons).where(eq(coupons.storeId, storeId))).map(
          (r) => r.createdAt,
        ),
        reviewActions: (
          await app.db.select().from(reviewActions).where(eq(reviewActions.storeId, storeId))
        ).map((r) => r.createdAt),
        ...(await billingTimes(storeId)),
      };
      const now = clock.now().toISOString();
      for (const [what, values] of Object.entries(stamped)) {
        expect(values.length, what).toBeGreaterThan(0);
        expect(
          values.map((value) => value?.toISOString()),
          what,
        ).toEqual(values.map(() => now));
      }
    } finally {
      clock.advance(400 * DAY);
    }
  });
});
