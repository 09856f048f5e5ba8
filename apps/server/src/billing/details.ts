import type { ClientId } from '@cc/config';
import {
  BILLING_DETAILS_FIELDS,
  MESSAGES,
  NO_BILLING_DETAILS,
  UK_VAT_NUMBER,
  VAT_NUMBER_CLIENT,
  normaliseVatNumber,
  type BillingDetails,
  type BillingDetailsBody,
} from '@cc/contract';
import type { Clock } from '../core/platform/clock';
import { ValidationFailed } from '../core/http/errors';
import type { Caller } from '../core/data/deps';
import type { OwnerRead } from '../core/cache/owner-reads';
import type { BillingStores } from './types';
import type { BillingDetailsRow, BillingRepository } from './repository';

export function billingDetailsWire(
  row: BillingDetailsRow | undefined,
  client: ClientId,
): BillingDetails {
  if (!row) return NO_BILLING_DETAILS;
  return {
    billing_name: row.name,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    country: row.country,
    vat_number: client === VAT_NUMBER_CLIENT ? row.vatNumber : '',
  };
}

/** The owner's billing name, address and (UK) VAT number, which their receipts print. */
export function billingDetailsOf(deps: {
  stores: BillingStores;
  repo: BillingRepository;
  clock: Clock;
  ownerRead: OwnerRead;
}) {
  const { stores, repo, clock } = deps;

  return {
    async billingDetails(caller: Caller): Promise<BillingDetails> {
      const store = await stores.ownStore(caller);
      return deps.ownerRead(store.id, 'billing_details', async () =>
        billingDetailsWire(await repo.detailsForStore(store.id), store.client),
      );
    },

    /**
     * Saves the fields sent (trimmed) over the saved ones. A VAT number is normalised
     * (GB123456789) and must have the UK format; only a UK store may have one.
     */
    async saveBillingDetails(caller: Caller, body: BillingDetailsBody): Promise<BillingDetails> {
      const store = await stores.ownStore(caller);
      const saved = billingDetailsWire(await repo.detailsForStore(store.id), store.client);
      // Only the fields of the form: a body may carry others, which are not ours to read.
      const next: BillingDetails = { ...saved };
      for (const field of BILLING_DETAILS_FIELDS) {
        const value = body[field];
        if (typeof value === 'string') next[field] = value.trim();
      }
      next.vat_number = normaliseVatNumber(next.vat_number);
      if (next.vat_number !== '') {
        if (store.client !== VAT_NUMBER_CLIENT)
          throw ValidationFailed.field('vat_number', MESSAGES.vatNumberUkOnly);
        if (!UK_VAT_NUMBER.test(next.vat_number))
          throw ValidationFailed.field('vat_number', MESSAGES.vatNumberInvalid);
      }
      const row: BillingDetailsRow = {
        storeId: store.id,
        name: next.billing_name,
        addressLine1: next.address_line1,
        addressLine2: next.address_line2,
        city: next.city,
        postalCode: next.postal_code,
        country: next.country,
        vatNumber: next.vat_number,
        updatedAt: clock.now(),
      };
      await repo.saveDetails(row);
      return billingDetailsWire(row, store.client);
    },
  };
}
