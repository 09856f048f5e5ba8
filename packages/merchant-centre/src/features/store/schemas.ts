import * as yup from 'yup';
import { isEmail, isUkVatNumber, isWebAddress, MAX_LENGTHS, maxLengthMessage, MESSAGES } from '@cc/contract';

const text = (limit: number) => yup.string().trim().max(limit, maxLengthMessage(limit));
const webAddress = (limit: number) =>
  text(limit).test('web-address', MESSAGES.invalidUrl, (value) => !value || isWebAddress(value));

/**
 * Store form (SPEC section 5): name, url and email required, the email valid; first and
 * last name optional. Limits, shapes and messages are the server's (@cc/contract rules).
 */
export const storeSchema = yup.object({
  name: text(MAX_LENGTHS.storeName).required(MESSAGES.required),
  websiteUrl: webAddress(MAX_LENGTHS.url).required(MESSAGES.required),
  affiliateWebsiteUrl: webAddress(MAX_LENGTHS.url),
  logoUrl: webAddress(MAX_LENGTHS.url),
  contactFirstName: text(MAX_LENGTHS.personName),
  contactLastName: text(MAX_LENGTHS.personName),
  contactEmail: text(MAX_LENGTHS.email)
    .required(MESSAGES.required)
    .test('email', MESSAGES.invalidEmail, (value) => !value || isEmail(value)),
});

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
