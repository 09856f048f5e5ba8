import { VAT_NUMBER_CLIENT } from '@cc/contract';
import type { ClientId } from '@cc/config';

/** Each brand's invoice prefix, the one place it is written: VN-000001, PP-000001, DD-000001. */
export const INVOICE_PREFIXES: Readonly<Record<ClientId, string>> = { 7: 'VN', 8: 'PP', 10: 'DD' };

/** The invoice number as printed: the brand's prefix and six digits (more once past 999999). */
export function invoiceReference(client: ClientId, number: number): string {
  return `${INVOICE_PREFIXES[client]}-${String(number).padStart(6, '0')}`;
}

/** The UK standard rate, in basis points (20 %). */
export const UK_VAT_RATE_BP = 2000;

/** Minor units: net + vat = gross; the rate in basis points, 0 where no VAT is charged. */
export type InvoiceAmounts = { net: number; vat: number; gross: number; vatRateBp: number };

/**
 * The amounts an invoice prints for a charge of `gross` minor units. The UK price is
 * VAT-inclusive (19.99 GBP gross): net = gross / 1.2 rounded to the penny, VAT = gross - net,
 * so the lines always add up to what was paid. The US brands charge no VAT: net = gross.
 */
export function invoiceAmounts(client: ClientId, gross: number): InvoiceAmounts {
  if (client !== VAT_NUMBER_CLIENT) return { net: gross, vat: 0, gross, vatRateBp: 0 };
  const net = Math.round((gross * 10_000) / (10_000 + UK_VAT_RATE_BP));
  return { net, vat: gross - net, gross, vatRateBp: UK_VAT_RATE_BP };
}
