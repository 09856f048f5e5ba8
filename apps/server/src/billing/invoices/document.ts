import { getClientConfig, type ClientId } from '@cc/config';

/** The supplier as copied into an invoice at issue (invoices.supplier). */
export type InvoiceSupplierCopy = { name: string; address: string[]; vatNumber: string };
/** The customer as copied into an invoice at issue (invoices.customer). */
export type InvoiceCustomerCopy = {
  name: string;
  address: string[];
  vatNumber: string;
  email: string;
};

/** What one invoice prints, decoded from its row (repository.ts InvoiceRow). */
export type InvoiceDocument = {
  client: ClientId;
  reference: string;
  issuedAt: Date;
  /** When it was paid: the tax point. */
  paidAt: Date;
  currency: string;
  net: number;
  vat: number;
  gross: number;
  vatRateBp: number;
  description: string;
  supplier: InvoiceSupplierCopy;
  customer: InvoiceCustomerCopy;
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((line) => typeof line === 'string') : [];
const string = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The invoice's stored copies (jsonb) as the document reads them; anything missing prints as nothing. */
export function decodeParties(row: { supplier: unknown; customer: unknown }): {
  supplier: InvoiceSupplierCopy;
  customer: InvoiceCustomerCopy;
} {
  const supplier = record(row.supplier);
  const customer = record(row.customer);
  return {
    supplier: {
      name: string(supplier.name),
      address: strings(supplier.address),
      vatNumber: string(supplier.vatNumber),
    },
    customer: {
      name: string(customer.name),
      address: strings(customer.address),
      vatNumber: string(customer.vatNumber),
      email: string(customer.email),
    },
  };
}

/** A date as the brand's readers write it: 27 November 2026 (UK), November 27, 2026 (US). */
export function invoiceDate(date: Date, client: ClientId): string {
  return new Intl.DateTimeFormat(getClientConfig(client).locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** The period a month's charge pays for, as its line prints it: 27 Nov 2026 to 27 Dec 2026. */
export function periodText(from: Date, to: Date, client: ClientId): string {
  const format = new Intl.DateTimeFormat(getClientConfig(client).locale, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  return `${format.format(from)} to ${format.format(to)}`;
}
