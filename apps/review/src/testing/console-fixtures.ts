import type {
  AuditEvent,
  AuditPage,
  Coupon,
  ReviewQueueEntry,
  ReviewStore,
  SecondFactorChallenge,
  StaffInvitation,
  StaffMember,
} from '@cc/contract';
import type { StaffSession } from '../features/auth/session';

/**
 * The console's answers as the server sends them (the wire shapes of @cc/contract), shared
 * by the screen tests and the stories.
 */

/** The signed-in admin, as the Staff list shows them. */
export const ADMIN: StaffMember = {
  id: 2,
  email: 'staff@couponcenter.local',
  role: 'admin',
  status: 'active',
  invited_at: null,
  joined_at: '2026-11-01T09:00:00.000Z',
  is_you: true,
};

/** A reviewer an admin invited. */
export const REVIEWER: StaffMember = {
  id: 5,
  email: 'rita@couponcenter.local',
  role: 'reviewer',
  status: 'active',
  invited_at: '2026-11-10T09:00:00.000Z',
  joined_at: '2026-11-11T09:00:00.000Z',
  is_you: false,
};

/** The admin's session in the tab (their access token and address). */
export const STAFF: StaffSession = { token: 'access-1', email: ADMIN.email };

/** An invitation to `email`, pending until `expires_at` unless told otherwise. */
export function invitation(
  id: number,
  email: string,
  overrides: Partial<StaffInvitation> = {},
): StaffInvitation {
  return {
    id,
    email,
    role: 'reviewer',
    invited_at: '2026-11-20T12:00:00.000Z',
    expires_at: '2026-11-23T12:00:00.000Z',
    status: 'pending',
    invited_by: ADMIN.email,
    ...overrides,
  };
}

/** An audit entry: a merchant's sign-in unless told otherwise. */
export function auditEvent(id: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: '2025-11-21T12:00:00.000Z',
    actor_user_id: 12,
    actor_role: 'merchant',
    actor_email: 'owner@acme.example',
    action: 'auth.sign_in',
    target_type: 'user',
    target_id: '12',
    client: 7,
    ip: '203.0.113.7',
    details: { browser: 'Chrome 142', os: 'macOS 15' },
    ...overrides,
  };
}

/** The audit's first page (a staff decline, a sign-in) with a cursor to the second. */
export const AUDIT_FIRST_PAGE: AuditPage = {
  results: [
    auditEvent(3, {
      actor_user_id: 2,
      actor_role: 'staff',
      actor_email: ADMIN.email,
      action: 'review.declined',
      target_type: 'store',
      target_id: '41',
      ip: '192.0.2.44',
      details: { reason: 'No logo yet' },
    }),
    auditEvent(2),
  ],
  next: 'page-2',
};

/** The audit's last page: a failed sign-in of an unknown address. */
export const AUDIT_SECOND_PAGE: AuditPage = {
  results: [
    auditEvent(1, {
      action: 'auth.sign_in_failed',
      actor_user_id: null,
      actor_email: 'who@example.com',
      target_id: '',
      details: {},
    }),
  ],
  next: null,
};

const later = () => new Date(Date.now() + 15 * 60_000).toISOString();

/** Tokens of a staff session (the refresh token is in the HttpOnly cookie, not here). */
export const staffTokens = () => ({
  token: 'access-1',
  expiration: later(),
  refresh_expiration: later(),
});

/** The key a new authenticator app is given, and the recovery codes shown once after it is confirmed. */
export const APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `rcv${index}a-b${index}cde`);

/** A QR code's look (three finder squares and a pattern): what the server's SVG shows, for the pictures. */
function qrLikeSvg(): string {
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
  const modules = Array.from(
    { length: 21 * 21 },
    (_, index) => [index % 21, Math.floor(index / 21)] as const,
  )
    .filter(
      ([x, y]) =>
        !((x < 8 && y < 8) || (x > 12 && y < 8) || (x < 8 && y > 12)) &&
        (x * 7 + y * 13 + x * y) % 3 === 0,
    )
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="1" height="1"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 25 25"><rect x="-2" y="-2" width="25" height="25" fill="#fff"/>${finder(0, 0)}${finder(14, 0)}${finder(0, 14)}${modules}</svg>`;
}

/** A staff member's first sign-in: the password was right, an app is to be set up. */
export const enrolChallenge = (): SecondFactorChallenge => ({
  second_factor: 'enrol',
  challenge: 'enrol-1',
  challenge_expiration: later(),
  setup: {
    otpauth_uri: `otpauth://totp/x?secret=${APP_SECRET}`,
    qr_svg: qrLikeSvg(),
    secret: APP_SECRET,
  },
});

/** A later sign-in: the password was right, the app's code is asked for. */
export const codeChallenge = (): SecondFactorChallenge => ({
  second_factor: 'totp',
  challenge: 'code-1',
  challenge_expiration: later(),
});

/** A pending store as staff review it, as GET /review/stores/{id}/ answers it. */
export function reviewStore(overrides: { id?: number; name?: string } = {}): ReviewStore {
  const id = overrides.id ?? 41;
  const name = overrides.name ?? 'Acme Outdoors';
  return {
    store: {
      id,
      name,
      slug: 'acme-outdoors',
      client: 7,
      website_url: 'https://acme.example',
      affiliate_website_url: '',
      logo_url: '',
      contact_first_name: 'Ada',
      contact_last_name: 'Lovelace',
      contact_email: 'ada@acme.example',
      is_approved: false,
      declined: false,
      decline_reason: '',
      location: 'UK',
      primary_category: 1,
      url: 'http://localhost:4007/stores/acme-outdoors',
      stripe_subscription: null,
    },
    status: 'pending',
    owner_email: 'owner@acme.example',
    queued_at: '2026-11-20T10:00:00.000Z',
    coupons: [],
    actions: [],
    preview_url: 'about:blank',
  };
}

/** A live coupon of a store in review. */
export function reviewCoupon(store: ReviewStore, id: number, title: string): Coupon {
  const { slug, name, logo_url, website_url } = store.store;
  return {
    id,
    offer_type: 'other',
    store: { id: store.store.id, slug, name, logo_url, website_url },
    description: '',
    title,
    custom_url: '',
    destination_coupon_url: '',
    destination_affiliate_url: '',
    discount_code: '',
    minimum_order_amount: null,
    savings_amount: null,
    savings_percent: null,
    savings_minimum_order: null,
    up_to_savings_percent: null,
    start_date: null,
    expiration_date: null,
    approved: true,
    sort_number: 0,
  };
}

/** The store as the queue lists it. */
export const queueEntry = ({
  store,
  status,
  owner_email,
  queued_at,
}: ReviewStore): ReviewQueueEntry => ({
  store: { id: store.id, name: store.name, slug: store.slug, client: store.client },
  status,
  owner_email,
  queued_at,
});

/** One page of the queue listing these stores. */
export const queueOf = (...stores: ReviewStore[]) => ({
  count: stores.length,
  next: null,
  previous: null,
  results: stores.map(queueEntry),
});
