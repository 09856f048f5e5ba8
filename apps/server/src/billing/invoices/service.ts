import { VAT_NUMBER_CLIENT } from '@cc/contract';
import { getClientConfig, type ClientId } from '@cc/config';
import type { Clock } from '../../core/platform/clock';
import type { Db, Executor } from '../../core/data/db';
import type { InvoiceSupplier, InvoiceSuppliers } from '../../core/platform/env';
import { addMonths } from '../local-provider';
import type { TransactionRow } from '../repository';
import { INVOICE_PREFIXES, invoiceAmounts, invoiceReference } from './amounts';
import {
  decodeParties,
  periodText,
  type InvoiceCustomerCopy,
  type InvoiceDocument,
} from './document';
import { invoicePdf, invoicePdfBytes } from './pdf';
import { invoiceRepository, type InvoiceCustomerRow, type InvoiceRow } from './repository';

export type InvoiceServiceDeps = {
  db: Db;
  clock: Clock;
  suppliers: InvoiceSuppliers;
  planName: (client: ClientId) => string;
};

/** An invoice as billing hands it out: its number as printed and what the PDF prints. */
export type IssuedInvoice = {
  id: number;
  transactionId: number | null;
  reference: string;
  document: InvoiceDocument;
};

function customerCopy(row: InvoiceCustomerRow | undefined): InvoiceCustomerCopy {
  if (!row) return { name: '', address: [], vatNumber: '', email: '' };
  const address = [
    row.addressLine1,
    row.addressLine2,
    row.city,
    row.postalCode,
    row.country,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return {
    name: row.name || row.storeName,
    address,
    // Only a UK store may hold one (billing/details.ts); a US invoice never prints one.
    vatNumber: row.client === VAT_NUMBER_CLIENT ? (row.vatNumber ?? '') : '',
    email: row.email,
  };
}

/**
 * Invoices: one per paid charge, numbered per brand without gaps (invoice_counters, taken in
 * the transaction that records the charge), with the supplier's and the customer's details
 * copied in at issue. Transactions recorded before invoices existed get theirs on first need,
 * numbered the same way.
 */
export function invoiceService(deps: InvoiceServiceDeps) {
  const repo = invoiceRepository(deps.db);
  const supplierOf = (client: ClientId): InvoiceSupplier => {
    const supplier = client === VAT_NUMBER_CLIENT ? deps.suppliers.uk : deps.suppliers.us;
    // A production start without the US settings still names who charged: the brand.
    return { ...supplier, name: supplier.name || getClientConfig(client).appName };
  };

  /** issued_at is the payment time, so it is the tax point too. */
  function toIssued(row: InvoiceRow): IssuedInvoice {
    const { client } = row;
    return {
      id: row.id,
      transactionId: row.transactionId,
      reference: row.reference,
      document: { ...row, ...decodeParties(row), client, paidAt: row.issuedAt },
    };
  }

  /** Issues the invoice of one recorded charge in `tx` (the caller holds the charge's row). */
  async function issue(transaction: TransactionRow, tx: Executor): Promise<InvoiceRow | undefined> {
    const customer = await repo.customerOf(transaction.storeId, tx);
    if (!customer) return undefined;
    const { client } = customer;
    const number = await repo.nextNumber(client, tx);
    const amounts = invoiceAmounts(client, transaction.amount);
    const period = periodText(transaction.paidAt, addMonths(transaction.paidAt, 1), client);
    return repo.insert(
      {
        client,
        number,
        reference: invoiceReference(client, number),
        transactionId: transaction.id,
        storeId: transaction.storeId,
        issuedAt: transaction.paidAt,
        currency: transaction.currency,
        ...amounts,
        description: `${deps.planName(client)}, ${period}`,
        supplier: supplierOf(client),
        customer: customerCopy(customer),
        createdAt: deps.clock.now(),
      },
      tx,
    );
  }

  /** Issues invoices for the store's transactions that have none, in one transaction, oldest payment first. */
  async function issueMissing(storeId: number): Promise<void> {
    const missing = await repo.transactionsWithoutInvoice(storeId);
    if (missing.length === 0) return;
    await deps.db.transaction(async (tx) => {
      // Another request may be issuing them too: the second waits here, then finds them issued.
      await repo.lockTransactions(
        missing.map((row) => row.id),
        tx,
      );
      for (const transaction of await repo.transactionsWithoutInvoice(storeId, tx))
        await issue(transaction, tx);
    });
  }

  return {
    /** For billing sync (onSynced): every charge it recorded gets its invoice in the same transaction. */
    async issueFor(transactions: TransactionRow[], tx: Executor): Promise<void> {
      for (const transaction of transactions) await issue(transaction, tx);
    },
    issueMissing,

    /** Each transaction's invoice number as printed, by transaction id (issuing any missing first). */
    async referencesOf(storeId: number, transactionIds: number[]): Promise<Map<number, string>> {
      await issueMissing(storeId);
      const rows = await repo.forTransactions(transactionIds);
      return new Map(
        rows.flatMap((row) =>
          row.transactionId === null ? [] : [[row.transactionId, row.reference] as const],
        ),
      );
    },

    /** The invoice of a transaction, issued now if it had none. */
    async ofTransaction(transaction: TransactionRow): Promise<IssuedInvoice | undefined> {
      await issueMissing(transaction.storeId);
      const [row] = await repo.forTransactions([transaction.id]);
      return row ? toIssued(row) : undefined;
    },
    /** The invoice of a transaction inside `tx` (the receipt mail, after issueFor). */
    async referenceInTransaction(transactionId: number, tx: Executor): Promise<string | undefined> {
      const [row] = await repo.forTransactions([transactionId], tx);
      return row?.reference;
    },
    /** An invoice by its brand and printed number (VN-000042); undefined when there is none. */
    async byReference(client: ClientId, reference: string): Promise<IssuedInvoice | undefined> {
      const prefix = INVOICE_PREFIXES[client];
      const match = new RegExp(`^${prefix}-(\\d{6,9})$`).exec(reference);
      if (!match) return undefined;
      const row = await repo.byNumber(client, Number(match[1]));
      return row ? toIssued(row) : undefined;
    },
    pdf: (invoice: IssuedInvoice) => invoicePdf(invoice.document),
    pdfBytes: (invoice: IssuedInvoice) => invoicePdfBytes(invoice.document),
    /** Every invoice of a brand by number. */
    ofClient: (client: ClientId) => repo.ofClient(client),
  };
}
export type InvoiceService = ReturnType<typeof invoiceService>;
