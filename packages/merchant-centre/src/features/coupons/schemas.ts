import * as yup from 'yup';
import { DESCRIPTION_MAX_LENGTH } from '@cc/config';
import { isDateString, isStorableAmount, MAX_LENGTHS, maxLengthMessage, MESSAGES, OFFER_TYPES } from '@cc/contract';
import { toAmount } from '@cc/contract/money';

const text = (limit: number) => yup.string().trim().max(limit, maxLengthMessage(limit));
/** A figure the submit converts to a number: the server stores it only below its limit. */
const amount = () =>
  yup.string().test('amount', MESSAGES.invalidNumber, (value) => isStorableAmount(toAmount(value)));
const date = () => yup.string().test('date', MESSAGES.invalidDate, (value) => !value || isDateString(value));

/**
 * SPEC section 5: Offer Type required; description required and at most 120 characters;
 * no other rule of the form's own. The figures, code, address and dates keep only what
 * the server can store, with its messages (@cc/contract rules). Start after expiry,
 * percents above 100 and an amount type without an amount are accepted, as on the server.
 */
export const couponSchema = yup.object({
  typeId: yup.string().required(MESSAGES.required).oneOf(OFFER_TYPES, MESSAGES.invalidChoice),
  description: yup.string().trim().required(MESSAGES.required).max(DESCRIPTION_MAX_LENGTH, MESSAGES.descriptionTooLong),
  savings: amount().when('typeId', {
    is: 'free_shipping',
    then: () => yup.string(),
  }),
  minimum: amount(),
  code: text(MAX_LENGTHS.discountCode),
  destinationUrl: text(MAX_LENGTHS.url),
  started: date(),
  expired: date().when('noExpiration', { is: true, then: () => yup.string() }),
});
