import type { StoredUser } from '@cc/api';
import type { AuthTokens, Store, User } from '@cc/contract';

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

/** A login or registration answer as the server sends it to browsers: the refresh token went into an HttpOnly cookie. */
export function tokens(token = 'access-1'): AuthTokens {
  return { token, expiration: inAnHour(), refresh_expiration: inAnHour() };
}

export function store(overrides: Partial<Store> = {}): Store {
  return {
    id: 5,
    name: 'Acme',
    slug: 'acme-voucher-codes',
    client: 7,
    website_url: 'https://acme.test',
    affiliate_website_url: '',
    logo_url: '',
    contact_first_name: '',
    contact_last_name: '',
    contact_email: 'owner@acme.test',
    is_approved: false,
    declined: false,
    decline_reason: '',
    location: 'uk',
    primary_category: 1536,
    url: '/stores/acme-voucher-codes',
    stripe_subscription: null,
    ...overrides,
  };
}

export function me(overrides: Partial<User> = {}): User {
  return {
    id: 11,
    email: 'owner@acme.test',
    email_verified: false,
    first_name: 'N/A',
    last_name: 'N/A',
    client: 7,
    is_staff: false,
    store: null,
    coupon_center_txn: null,
    ...overrides,
  };
}

export function storedUser(overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    id: 11,
    token: 'access-1',
    expiration: inAnHour(),
    email: 'owner@acme.test',
    store: null,
    coupon_center_txn: null,
    ...overrides,
  };
}
