import type { ClientId } from '@cc/config';
import type { Transaction } from '@cc/contract';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import type { Caller } from '../core/data/deps';
import type { OwnerRead } from '../core/cache/owner-reads';
import type { BillingStores } from './types';
import { billingDetailsWire } from './details';
import type { InvoiceService } from './invoices/service';
import { ordersCsv, ordersFilename } from './orders-csv';
import type { BillingRepository, TransactionRow } from './repository';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export type OrdersDeps = {
  db: Db;
  stores: BillingStores;
  repo: BillingRepository;
  clock: Clock;
  origin: (client: ClientId) => string;
  planName: (client: ClientId) => string;
  ownerRead: OwnerRead;
  invoices: InvoiceService;
};

/** An order with its invoice's number as printed (null only while it cannot be issued). */
type Order = TransactionRow & { invoiceNumber: string | null };

/** The owner's orders: the Order History, its CSV download, and the receipt pages. */
export function billingOrders(deps: OrdersDeps) {
  const { repo, stores, clock } = deps;
  /** The store's orders, newest first, with their invoices (issued now where missing), as the instance holds them. */
  const ordersOf = (storeId: number) =>
    deps.ownerRead(storeId, 'transactions', async (): Promise<Order[]> => {
      const rows = await repo.transactionsForStore(storeId);
      const references = await deps.invoices.referencesOf(
        storeId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, invoiceNumber: references.get(row.id) ?? null }));
    });

  function receiptUrl(row: TransactionRow, client: ClientId): string {
    return row.providerReceiptUrl ?? `${deps.origin(client)}/checkout/receipts/${row.receiptToken}`;
  }

  /** The invoice PDF: our receipt page's unguessable token, on the brand's origin. */
  function invoiceUrl(row: TransactionRow, client: ClientId): string {
    return `${deps.origin(client)}/checkout/receipts/${row.receiptToken}/invoice.pdf`;
  }

  function toWire(row: Order, client: ClientId): Transaction {
    return {
      id: row.id,
      transaction_created: unix(row.paidAt),
      currency: row.currency,
      amount: row.amount,
      receipt_url: receiptUrl(row, client),
      invoice_number: row.invoiceNumber,
      invoice_url: row.invoiceNumber === null ? null : invoiceUrl(row, client),
    };
  }

  return {
    async transactions(caller: Caller): Promise<Transaction[]> {
      const store = await stores.findByOwner(caller.userId);
      if (!store) return [];
      return (await ordersOf(store.id)).map((row) => toWire(row, store.client));
    },

    /**
     * Every order of the caller's own store as a CSV file (there is no way to name
     * another store); 404 without a store. The file name carries the brand, the
     * store and today's date on the app's clock.
     */
    async ordersCsv(caller: Caller): Promise<{ filename: string; body: string }> {
      const store = await stores.ownStore(caller);
      const { client } = store;
      const transactions = (await ordersOf(store.id)).map((row) => toWire(row, store.client));
      return {
        filename: ordersFilename({ client, storeSlug: store.slug, now: clock.now() }),
        body: ordersCsv({
          transactions,
          description: `${deps.planName(client)}, monthly subscription`,
        }),
      };
    },

    /**
     * A receipt page's data, found by its unguessable token, with the merchant's
     * billing details as they are now (so details added after paying show too).
     */
    async receipt(token: string) {
      const transaction = await repo.transactionByReceipt(token);
      if (!transaction) return undefined;
      const store = await stores.findById(transaction.storeId);
      // A transaction goes with its store (on delete cascade): none left means no receipt.
      if (!store) return undefined;
      const { client } = store;
      return {
        transaction,
        client,
        storeName: store.name,
        billedTo: billingDetailsWire(await repo.detailsForStore(transaction.storeId), client),
        planName: deps.planName(client),
        origin: deps.origin(client),
        invoiceUrl: invoiceUrl(transaction, client),
      };
    },

    /** The invoice of the receipt with this unguessable token (issued now if it had none). */
    async invoiceForReceipt(token: string) {
      const transaction = await repo.transactionByReceipt(token);
      if (!transaction) return undefined;
      const invoice = await deps.invoices.ofTransaction(transaction);
      return invoice ? { invoice, pdf: () => deps.invoices.pdf(invoice) } : undefined;
    },
  };
}
