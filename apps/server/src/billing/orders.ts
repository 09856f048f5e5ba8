import type { ClientId } from '@cc/config';
import type { Transaction } from '@cc/contract';
import type { Clock } from '../core/clock';
import type { Db } from '../core/db';
import type { Caller } from '../core/deps';
import type { OwnerRead } from '../core/owner-reads';
import type { BillingStores } from './service';
import { billingDetailsWire } from './details';
import { ordersCsv, ordersFilename } from './orders-csv';
import type { BillingRepository, TransactionRow } from './repository';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export type OrdersDeps = {
  db: Db;
  stores: BillingStores;
  repo: BillingRepository;
  clock: Clock;
  clientOf: (client: number) => ClientId;
  origin: (client: number) => string;
  planName: (client: ClientId) => string;
  ownerRead: OwnerRead;
};

/** The owner's orders: the Order History, its CSV download, and the receipt pages. */
export function billingOrders(deps: OrdersDeps) {
  const { repo, stores, clock } = deps;
  /** The store's orders, newest first, as the instance holds them. */
  const ordersOf = (storeId: number) => deps.ownerRead(storeId, 'transactions', () => repo.transactionsForStore(storeId));

  function receiptUrl(row: TransactionRow, client: number): string {
    return row.providerReceiptUrl ?? `${deps.origin(client)}/checkout/receipts/${row.receiptToken}`;
  }

  function toWire(row: TransactionRow, client: number): Transaction {
    return {
      id: row.id,
      transaction_created: unix(row.paidAt),
      currency: row.currency,
      amount: row.amount,
      receipt_url: receiptUrl(row, client),
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
      const client = deps.clientOf(store.client);
      const transactions = (await ordersOf(store.id)).map((row) => toWire(row, store.client));
      return {
        filename: ordersFilename({ client, storeSlug: store.slug, now: clock.now() }),
        body: ordersCsv({ transactions, description: `${deps.planName(client)}, monthly subscription` }),
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
      const client = deps.clientOf(store?.client ?? 7);
      return {
        transaction,
        client,
        storeName: store?.name ?? '',
        billedTo: billingDetailsWire(await repo.detailsForStore(transaction.storeId), client),
        planName: deps.planName(client),
        origin: deps.origin(client),
      };
    },
  };
}
