import { describe, expect, it } from 'vitest';
import { formErrors } from '../../testing/form-errors';
import { storeSchema } from './schemas';

const store = {
  name: 'Acme Outdoor',
  websiteUrl: 'https://acme.test',
  affiliateWebsiteUrl: '',
  logoUrl: '',
  contactFirstName: 'Ada',
  contactLastName: 'Lovelace',
  contactEmail: 'owner@acme.test',
};

// The store form's schema is built from the rules the server checks a store with
// (@cc/contract STORE_RULES): each kind of rule, in the words the form shows.
describe('store form rules (SPEC section 5: name, url and email required, email valid)', () => {
  it.each([
    ['a complete store is accepted', {}, {}],
    ['a bare domain is accepted (it gets http://)', { websiteUrl: 'www.acme.test' }, {}],
    ['first and last name are optional', { contactFirstName: '', contactLastName: '' }, {}],
    ['spaces around the email are ignored', { contactEmail: ' owner@acme.test ' }, {}],
    [
      'name, url and email are required',
      { name: '', websiteUrl: '', contactEmail: '' },
      {
        name: 'This field is required.',
        websiteUrl: 'This field is required.',
        contactEmail: 'This field is required.',
      },
    ],
    ['a blank name is required too', { name: '   ' }, { name: 'This field is required.' }],
    [
      'email must be valid',
      { contactEmail: 'owner@acme' },
      { contactEmail: 'Enter a valid email address.' },
    ],
    [
      'website URL must be an http(s) address',
      { websiteUrl: 'ftp://acme.test' },
      { websiteUrl: 'Enter a valid URL.' },
    ],
    [
      'affiliate URL, when given, must be an address',
      { affiliateWebsiteUrl: 'not a url' },
      { affiliateWebsiteUrl: 'Enter a valid URL.' },
    ],
    [
      'name is at most 200 characters',
      { name: 'N'.repeat(201) },
      { name: 'Ensure this field has no more than 200 characters.' },
    ],
    [
      'first name is at most 150 characters',
      { contactFirstName: 'A'.repeat(151) },
      { contactFirstName: 'Ensure this field has no more than 150 characters.' },
    ],
  ])('%s', async (_rule, change, errors) => {
    expect(await formErrors(storeSchema, { ...store, ...change })).toEqual(errors);
  });
});
