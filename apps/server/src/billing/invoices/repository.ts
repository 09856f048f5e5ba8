import type { ClientId } from '@cc/config';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../core/data/db';
import { userDirectory } from '../../auth/read-model';
import { storeDirectory } from '../../stores/read-model';
import { billingDetails, billingTransactions, invoiceCounters, invoices } from '../schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** A store's client, name and owner's email, and its billing details ('' where not given). */
export type InvoiceCustomerRow = {
  client: ClientId;
  storeName: string;
  email: string;
  name: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  vatNumber: string | null;
};

/** SQL over invoices and invoice_counters (src/billing/schema.ts). */
export function invoiceRepository(db: Executor) {
  return {
    /**
     * The brand's next invoice number, taken in the caller's transaction: the counter row's
     * lock orders concurrent charges, and a rolled-back charge gives its number back.
     */
    async nextNumber(client: ClientId, tx: Executor): Promise<number> {
      const [row] = await tx
        .insert(invoiceCounters)
        .values({ client, lastNumber: 1 })
        .onConflictDoUpdate({
          target: invoiceCounters.client,
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: invoiceCounters.lastNumber });
      if (!row) throw new Error(`no invoice number for client ${client}`);
      return row.lastNumber;
    },
    async insert(values: NewInvoice, tx: Executor): Promise<InvoiceRow> {
      const [row] = await tx.insert(invoices).values(values).returning();
      if (!row) throw new Error('invoice not saved');
      return row;
    },

    /** Who the store's invoices are made out to, now. */
    async customerOf(
      storeId: number,
      executor: Executor = db,
    ): Promise<InvoiceCustomerRow | undefined> {
      const [row] = await executor
        .select({
          client: storeDirectory.client,
          storeName: storeDirectory.name,
          email: userDirectory.email,
          name: billingDetails.name,
          addressLine1: billingDetails.addressLine1,
          addressLine2: billingDetails.addressLine2,
          city: billingDetails.city,
          postalCode: billingDetails.postalCode,
          country: billingDetails.country,
          vatNumber: billingDetails.vatNumber,
        })
        .from(storeDirectory)
        .innerJoin(userDirectory, eq(userDirectory.id, storeDirectory.userId))
        .leftJoin(billingDetails, eq(billingDetails.storeId, storeDirectory.id))
        .where(eq(storeDirectory.id, storeId));
      return row;
    },

    /** The store's transactions that have no invoice yet (recorded before invoices existed), oldest payment first. */
    async transactionsWithoutInvoice(storeId: number, executor: Executor = db) {
      return executor
        .select({ transaction: billingTransactions })
        .from(billingTransactions)
        .leftJoin(invoices, eq(invoices.transactionId, billingTransactions.id))
        .where(and(eq(billingTransactions.storeId, storeId), isNull(invoices.id)))
        .orderBy(asc(billingTransactions.paidAt), asc(billingTransactions.id))
        .then((rows) => rows.map((row) => row.transaction));
    },
    /** Locks transactions (in id order) so two lazy issuers of one invoice wait for each other. */
    async lockTransactions(ids: number[], tx: Executor): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .select({ id: billingTransactions.id })
        .from(billingTransactions)
        .where(inArray(billingTransactions.id, ids))
        .orderBy(asc(billingTransactions.id))
        .for('update');
    },

    async forTransactions(ids: number[], executor: Executor = db): Promise<InvoiceRow[]> {
      if (ids.length === 0) return [];
      return executor.select().from(invoices).where(inArray(invoices.transactionId, ids));
    },
    async byNumber(
      client: ClientId,
      number: number,
      executor: Executor = db,
    ): Promise<InvoiceRow | undefined> {
      const [row] = await executor
        .select()
        .from(invoices)
        .where(and(eq(invoices.client, client), eq(invoices.number, number)));
      return row;
    },
    /** Every invoice of a brand, by number (tests and audits: the numbers are 1..N). */
    async ofClient(client: ClientId, executor: Executor = db): Promise<InvoiceRow[]> {
      return executor
        .select()
        .from(invoices)
        .where(eq(invoices.client, client))
        .orderBy(asc(invoices.number));
    },
  };
}
export type InvoiceRepository = ReturnType<typeof invoiceRepository>;
