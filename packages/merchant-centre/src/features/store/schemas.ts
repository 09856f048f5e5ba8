import * as yup from 'yup';
import { isUkVatNumber, MESSAGES, STORE_RULES } from '@cc/contract';
import { rulesSchema } from '../../lib/form/rules-schema';
import { STORE_WIRE_FIELDS } from './api/store-mapper';

/**
 * Store form (SPEC section 5): name, url and email required, the email valid; first and
 * last name optional; built from the contract's rules the server checks the store with.
 */
export const storeSchema = rulesSchema({ rules: STORE_RULES, fields: STORE_WIRE_FIELDS });

/** Every field optional; the VAT number, when given, in the UK format (GB123456789, GB123456789012, GBGD001, GBHA500). */
export const billingDetailsSchema = yup.object({
  billing_name: yup.string().max(200).label('Billing name'),
  address_line1: yup.string().max(200).label('Address line 1'),
  address_line2: yup.string().max(200).label('Address line 2'),
  city: yup.string().max(100).label('Town or city'),
  postal_code: yup.string().max(20).label('Postcode'),
  country: yup.string().max(100).label('Country'),
  vat_number: yup
    .string()
    .test('uk-vat', MESSAGES.vatNumberInvalid, (value) => !value?.trim() || isUkVatNumber(value)),
});
