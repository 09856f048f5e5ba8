import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import type { Store } from '@cc/contract';
import {
  storeDraftField,
  toScreenStore,
  toStoreBody,
  toStoreCreateBody,
  toStoreDraft,
} from './store-mapper';

function wire(overrides: Partial<Store> = {}): Store {
  return {
    id: 9,
    name: 'Acme',
    slug: 'acme-voucher-codes',
    client: 7,
    website_url: 'https://acme.test',
    affiliate_website_url: '',
    logo_url: 'https://img/acme.png',
    contact_first_name: 'Ada',
    contact_last_name: 'Lovelace',
    contact_email: 'owner@acme.test',
    is_approved: false,
    declined: true,
    decline_reason: 'Logo missing',
    location: 'uk',
    primary_category: 1536,
    url: 'https://vouchers.test/stores/acme-voucher-codes',
    stripe_subscription: {
      status: 'active',
      start_date: 1_700_000_000,
      canceled_at: null,
      current_period_end: 1_702_592_000,
    },
    ...overrides,
  };
}

describe('store as used by screens (wire -> screen)', () => {
  it('renames every field to camelCase', () => {
    expect(toScreenStore(wire())).toEqual({
      storeId: 9,
      name: 'Acme',
      slug: 'acme-voucher-codes',
      client: 7,
      websiteUrl: 'https://acme.test',
      affiliateWebsiteUrl: '',
      logoUrl: 'https://img/acme.png',
      contactFirstName: 'Ada',
      contactLastName: 'Lovelace',
      contactEmail: 'owner@acme.test',
      isApproved: false,
      isDeclined: true,
      declineReason: 'Logo missing',
      location: 'uk',
      primaryCategory: 1536,
      pageUrl: 'https://vouchers.test/stores/acme-voucher-codes',
      subscription: {
        status: 'active',
        startDate: 1_700_000_000,
        canceledAt: null,
        currentPeriodEnd: 1_702_592_000,
      },
    });
  });

  it('keeps a store without a subscription at null', () => {
    expect(toScreenStore(wire({ stripe_subscription: null })).subscription).toBeNull();
  });
});

describe('store form draft', () => {
  it('starts empty before a store exists and from the store after', () => {
    expect(toStoreDraft(null)).toEqual({
      name: '',
      websiteUrl: '',
      affiliateWebsiteUrl: '',
      logoUrl: '',
      contactFirstName: '',
      contactLastName: '',
      contactEmail: '',
    });
    expect(toStoreDraft(toScreenStore(wire()))).toMatchObject({
      name: 'Acme',
      contactEmail: 'owner@acme.test',
    });
  });

  it('sends trimmed fields and http:// before a bare domain (SPEC section 5)', () => {
    const draft = {
      ...toStoreDraft(toScreenStore(wire())),
      name: '  Acme Two ',
      websiteUrl: ' www.acme.test ',
      affiliateWebsiteUrl: 'aff.acme.test/go',
      contactEmail: ' owner@acme.test ',
      contactFirstName: ' Ada ',
    };
    expect(toStoreBody(draft)).toEqual({
      name: 'Acme Two',
      website_url: 'http://www.acme.test',
      affiliate_website_url: 'http://aff.acme.test/go',
      logo_url: 'https://img/acme.png',
      contact_first_name: 'Ada',
      contact_last_name: 'Lovelace',
      contact_email: 'owner@acme.test',
    });
    expect(toStoreBody({ ...draft, affiliateWebsiteUrl: '  ' }).affiliate_website_url).toBe('');
  });

  it.each([7, 8, 10] as const)(
    'creates with client %i, its slug suffix, location and category',
    (client) => {
      const brand = CLIENTS[client];
      const body = toStoreCreateBody(
        {
          ...toStoreDraft(null),
          name: "Joe's Shoes",
          websiteUrl: 'joes.test',
          contactEmail: 'joe@joes.test',
        },
        brand,
      );
      expect(body).toMatchObject({
        name: "Joe's Shoes",
        client,
        slug: `joes-shoes${brand.slugSuffix}`,
        location: brand.location,
        primary_category: brand.primaryCategory,
      });
    },
  );

  it('finds the form field of a wire field error', () => {
    expect(storeDraftField('contact_email')).toBe('contactEmail');
    expect(storeDraftField('website_url')).toBe('websiteUrl');
    expect(storeDraftField('slug')).toBeUndefined();
  });
});
