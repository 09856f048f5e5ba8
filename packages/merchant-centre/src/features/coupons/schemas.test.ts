import { describe, expect, it } from 'vitest';
import { formErrors } from '../../testing/form-errors';
import type { CouponFormValues } from './coupon-form-values';
import { couponSchema } from './schemas';

const coupon: CouponFormValues = {
  typeId: 'sitewide_percent',
  savings: '20',
  minimum: '10',
  isSavingsRange: false,
  description: '20% off everything',
  destinationUrl: 'https://acme.test/sale',
  code: 'SAVE20',
  started: '2030-01-01',
  expired: '2030-01-31',
  noExpiration: false,
};

// Built from the rules the server checks a coupon with (@cc/contract COUPON_RULES), in the
// words the form shows. SPEC section 5: other coupon fields are not validated.
describe('coupon form rules: Offer Type required; description required, at most 120 characters', () => {
  it.each<[string, Partial<CouponFormValues>, Record<string, string>]>([
    ['a complete coupon is accepted', {}, {}],
    [
      'offer type and description are required',
      { typeId: '', description: '  ' },
      {
        typeId: 'This field is required.',
        description: 'This field is required.',
      },
    ],
    [
      'description is at most 120 characters',
      { description: 'x'.repeat(121) },
      { description: 'Ensure this field has no more than 120 characters.' },
    ],
    [
      'a description of exactly 120, spaces around it aside, is accepted',
      { description: ` ${'x'.repeat(120)} ` },
      {},
    ],
    [
      'a percent above 100 and a start after the expiry are accepted',
      { savings: '150', started: '2030-02-01', expired: '2030-01-01' },
      {},
    ],
    [
      'savings too large to store are refused',
      { savings: '10000000000' },
      { savings: 'A valid number is required.' },
    ],
    [
      'a minimum order too large to store is refused',
      { minimum: '10000000000' },
      { minimum: 'A valid number is required.' },
    ],
    [
      'the code is at most 100 characters',
      { code: 'C'.repeat(101) },
      { code: 'Ensure this field has no more than 100 characters.' },
    ],
    ['the destination URL is not checked as an address', { destinationUrl: 'acme sale' }, {}],
    [
      'the start date is a real day',
      { started: '2030-02-30' },
      { started: 'Enter a valid date in the format YYYY-MM-DD.' },
    ],
    [
      'free shipping does not check the hidden savings',
      { typeId: 'free_shipping', savings: '10000000000' },
      {},
    ],
    [
      "'No Expiration Date' does not check the hidden expiry",
      { noExpiration: true, expired: '2030-13-01' },
      {},
    ],
    [
      'the expiry is a real day',
      { expired: '2030-13-01' },
      { expired: 'Enter a valid date in the format YYYY-MM-DD.' },
    ],
  ])('%s', async (_rule, change, errors) => {
    expect(await formErrors(couponSchema, { ...coupon, ...change })).toEqual(errors);
  });
});
